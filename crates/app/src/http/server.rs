//! The HTTP server: accepts connections and drives hyper with a timer, which poem's
//! own `Server` does not give it, so a client cannot hold a connection open by sending
//! its request slowly or by going quiet.
//!
//! - the header-read timeout: a request's head must arrive whole within it, counted
//!   from when the connection starts waiting for one (so it also ends a kept-alive
//!   connection that sends no next request);
//! - the idle timeout: a connection on which no byte moves either way for that long is
//!   closed (a stalled body upload, a client that stopped reading its answer).
//!
//! HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which a proxy in front of the
//! store ends, and one protocol is one set of timeouts to get right.

use poem::web::{LocalAddr, RemoteAddr};
use poem::{Addr, Endpoint, EndpointExt};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::time::{Instant, Sleep};

#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    pub header_read: Duration,
    pub idle: Duration,
}

/// Serves `app` on `listener` until `shutdown` completes, then gives open connections
/// up to `grace` to finish their requests.
pub async fn serve(
    listener: TcpListener,
    app: impl Endpoint + 'static,
    timeouts: Timeouts,
    shutdown: impl Future<Output = ()>,
    grace: Duration,
) -> io::Result<()> {
    let app = Arc::new(app.map_to_response());
    let local = LocalAddr(Addr::SocketAddr(listener.local_addr()?));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(timeouts.header_read);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (socket, remote) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors, most likely: wait for some to close
                    // rather than spin.
                    tracing::warn!("accepting a connection failed: {err}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        // Small answers go out at once rather than waiting to fill a packet.
        let _ = socket.set_nodelay(true);
        let app = app.clone();
        let local = local.clone();
        let remote = RemoteAddr(Addr::SocketAddr(remote));
        let service = hyper::service::service_fn(move |req| {
            let app = app.clone();
            let req = poem::Request::from((
                req,
                local.clone(),
                remote.clone(),
                poem::http::uri::Scheme::HTTP,
            ));
            async move {
                let resp = app.get_response(req).await;
                Ok::<_, std::convert::Infallible>(hyper::Response::from(resp))
            }
        });
        let io = hyper_util::rt::TokioIo::new(IdleTimeout::new(socket, timeouts.idle));
        let connection = graceful.watch(http.serve_connection(io, service));
        tokio::spawn(async move {
            // Timeouts and clients going away end connections with an error; routine.
            if let Err(err) = connection.await {
                tracing::debug!("connection closed: {err}");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("requests still running after the shutdown grace period");
    }
    Ok(())
}

/// A socket that fails with `TimedOut` once no byte has moved either way for `idle`
/// while the connection waits to read or write.
struct IdleTimeout<T> {
    inner: T,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl<T> IdleTimeout<T> {
    fn new(inner: T, idle: Duration) -> Self {
        IdleTimeout {
            inner,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
        }
    }

    fn moved(&mut self) {
        let next = Instant::now() + self.idle;
        self.deadline.as_mut().reset(next);
    }

    /// Called when the socket is not ready: fails once the deadline has passed, and
    /// otherwise wakes the connection when it does.
    fn expired<R>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "no data moved within the idle timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for IdleTimeout<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Pending => this.expired(cx),
            Poll::Ready(result) => {
                if buf.filled().len() > before {
                    this.moved();
                }
                Poll::Ready(result)
            }
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for IdleTimeout<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_write(cx, buf) {
            Poll::Pending => this.expired(cx),
            Poll::Ready(result) => {
                if matches!(result, Ok(n) if n > 0) {
                    this.moved();
                }
                Poll::Ready(result)
            }
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_flush(cx) {
            Poll::Pending => this.expired(cx),
            ready => ready,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}
