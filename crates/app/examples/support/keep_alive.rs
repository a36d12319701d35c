//! One keep-alive HTTP/1.1 connection: just enough client for the benchmarks of our
//! own server (`flood_bench`, `search_bench`, `orders_bench`), with no client
//! library's own costs in the figures.

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

pub type Error = Box<dyn std::error::Error + Send + Sync>;

pub struct Connection {
    reader: BufReader<TcpStream>,
    host: String,
    cookie: Option<String>,
}

impl Connection {
    pub async fn open(host: &str) -> Result<Connection, Error> {
        let stream = TcpStream::connect(host).await?;
        stream.set_nodelay(true)?;
        Ok(Connection {
            reader: BufReader::new(stream),
            host: host.to_owned(),
            cookie: None,
        })
    }

    /// Every request carries `cookie` (`name=value`) from now on, as one browser's.
    #[allow(dead_code)] // Only the orders bench plays one browser.
    pub fn with_cookie(mut self, cookie: &str) -> Connection {
        self.cookie = Some(cookie.to_owned());
        self
    }

    /// Sends one request and reads the whole answer; its status.
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        json: Option<&str>,
    ) -> Result<u16, Error> {
        Ok(self.exchange(method, path, json).await?.0)
    }

    /// Sends one request and reads the whole answer; its status and body. An answer
    /// cut short (the server gone) is an error.
    pub async fn exchange(
        &mut self,
        method: &str,
        path: &str,
        json: Option<&str>,
    ) -> Result<(u16, Vec<u8>), Error> {
        let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.host);
        if let Some(cookie) = &self.cookie {
            request.push_str(&format!("Cookie: {cookie}\r\n"));
        }
        if let Some(body) = json {
            request.push_str(&format!(
                "X-Requested-With: XMLHttpRequest\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        request.push_str("\r\n");
        request.push_str(json.unwrap_or(""));
        self.reader.get_mut().write_all(request.as_bytes()).await?;
        let mut line = String::new();
        if self.reader.read_line(&mut line).await? == 0 {
            return Err("the server closed the connection".into());
        }
        let status: u16 = line.split_whitespace().nth(1).ok_or("no status")?.parse()?;
        let mut length = 0usize;
        loop {
            line.clear();
            if self.reader.read_line(&mut line).await? == 0 {
                return Err("the server closed the connection".into());
            }
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse()?;
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).await?;
        Ok((status, body))
    }
}
