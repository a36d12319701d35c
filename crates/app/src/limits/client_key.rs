//! Who is asking, as far as the store can tell from the connection: the key rate limits
//! (and, later, login throttling) count by.

use poem::Request;
use poem::http::{HeaderMap, HeaderName};
use poem::web::RemoteAddr;
use std::net::{IpAddr, Ipv6Addr};
use std::str::FromStr;

/// One client: an IPv4 address, or an IPv6 client's /64 network (one household or
/// host usually holds a whole /64, so keying by the full address is free to evade).
/// `Unknown` is a connection without an IP address (a Unix socket, a test client):
/// all of those share one key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClientKey {
    Ip(IpAddr),
    Unknown,
}

impl ClientKey {
    pub fn from_ip(ip: IpAddr) -> Self {
        match ip.to_canonical() {
            IpAddr::V4(v4) => ClientKey::Ip(IpAddr::V4(v4)),
            IpAddr::V6(v6) => {
                let network = u128::from(v6) & !(u128::MAX >> 64);
                ClientKey::Ip(IpAddr::V6(Ipv6Addr::from(network)))
            }
        }
    }
}

impl ClientKey {
    /// The group a host can hardly leave: an IPv6 client's /48 (a site's usual
    /// allocation; a tunnel broker hands out whole /48s), an IPv4 address itself. For
    /// budgets that guard what everyone shares, where thousands of /64s must not mean
    /// thousands of budgets.
    pub fn group(self) -> ClientKey {
        match self {
            ClientKey::Ip(IpAddr::V6(v6)) => {
                let network = u128::from(v6) & !(u128::MAX >> 48);
                ClientKey::Ip(IpAddr::V6(Ipv6Addr::from(network)))
            }
            other => other,
        }
    }
}

/// An address or a CIDR network (`10.0.0.0/8`, `fd00::/8`), for trusted proxies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.address, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for Network {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let refused = || format!("{s:?} is not an IP address or network (like 10.0.0.0/8)");
        let (address, prefix) = match s.trim().split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (s.trim(), None),
        };
        let address = IpAddr::from_str(address)
            .map_err(|_| refused())?
            .to_canonical();
        let bits = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= bits)
                .ok_or_else(refused)?,
            None => bits,
        };
        Ok(Network { address, prefix })
    }
}

/// How to find the client's address: the connection's peer, or, behind trusted
/// reverse proxies, what they wrote into a header.
#[derive(Clone, Debug, Default)]
pub struct ClientKeys {
    /// The header the proxies append the address they saw to (`X-Forwarded-For`).
    header: Option<HeaderName>,
    /// The proxies whose header is believed.
    trusted: Vec<Network>,
}

impl ClientKeys {
    /// `header` is honoured only for requests from `trusted` peers; without both, the
    /// peer address alone counts.
    pub fn new(header: Option<&str>, trusted: &[String]) -> Result<Self, String> {
        let header = header
            .map(str::trim)
            .filter(|h| !h.is_empty())
            .map(|h| HeaderName::from_str(h).map_err(|_| format!("{h:?} is not a header name")))
            .transpose()?;
        let trusted = trusted
            .iter()
            .map(|t| t.parse())
            .collect::<Result<Vec<Network>, _>>()?;
        Ok(ClientKeys { header, trusted })
    }

    pub fn key(&self, req: &Request) -> ClientKey {
        let RemoteAddr(addr) = req.remote_addr();
        let peer = addr.as_socket_addr().map(|a| a.ip());
        self.resolve(peer, req.headers())
    }

    fn is_trusted(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|net| net.contains(ip))
    }

    /// Walks from the peer leftwards through the header's addresses while the address in
    /// hand is a trusted proxy: the first untrusted one is the client. Anything left of it
    /// was written by the client itself, so it is never believed.
    fn resolve(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> ClientKey {
        let Some(mut client) = peer else {
            return ClientKey::Unknown;
        };
        if let Some(header) = &self.header {
            // Several header lines are one list, in order.
            let mut hops = headers
                .get_all(header)
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(str::trim)
                .collect::<Vec<_>>()
                .into_iter()
                .rev();
            while self.is_trusted(client) {
                // A hop that is not an address stops the walk at the last proxy.
                match hops.next().and_then(|hop| IpAddr::from_str(hop).ok()) {
                    Some(ip) => client = ip,
                    None => break,
                }
            }
        }
        ClientKey::from_ip(client)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        headers
    }

    fn behind_proxy() -> ClientKeys {
        ClientKeys::new(
            Some("X-Forwarded-For"),
            &["10.0.0.0/8".into(), "2001:db8:ffff::1".into()],
        )
        .unwrap()
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_network() {
        let a = ClientKey::from_ip(ip("2001:db8:1:2:aaaa::1"));
        let b = ClientKey::from_ip(ip("2001:db8:1:2:bbbb::9"));
        let other = ClientKey::from_ip(ip("2001:db8:1:3::1"));
        assert_eq!(a, b);
        assert_ne!(a, other);
        assert_eq!(a, ClientKey::Ip(ip("2001:db8:1:2::")));
        assert_eq!(
            ClientKey::from_ip(ip("::ffff:192.0.2.7")),
            ClientKey::Ip(ip("192.0.2.7")),
            "an IPv4 client on a dual-stack socket is its IPv4 address"
        );
    }

    #[test]
    fn a_group_is_an_ipv6_clients_48() {
        let a = ClientKey::from_ip(ip("2001:db8:1:2::1")).group();
        assert_eq!(a, ClientKey::Ip(ip("2001:db8:1::")));
        assert_eq!(a, ClientKey::from_ip(ip("2001:db8:1:ffff::9")).group());
        assert_ne!(a, ClientKey::from_ip(ip("2001:db8:2::1")).group());
        let v4 = ClientKey::from_ip(ip("192.0.2.7"));
        assert_eq!(v4.group(), v4);
    }

    #[test]
    fn networks_parse_and_match() {
        let net: Network = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains(ip("10.1.200.3")));
        assert!(!net.contains(ip("10.2.0.1")));
        assert!(!net.contains(ip("::1")));
        let all: Network = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("192.0.2.1")));
        let one: Network = "::1".parse().unwrap();
        assert!(one.contains(ip("::1")) && !one.contains(ip("::2")));
        for bad in ["10.0.0.0/33", "nonsense", "::/129", "10.0.0.0/x"] {
            assert!(bad.parse::<Network>().is_err(), "{bad}");
        }
    }

    #[test]
    fn without_configuration_the_peer_is_the_client() {
        let keys = ClientKeys::default();
        let headers = forwarded(&["203.0.113.5"]);
        assert_eq!(
            keys.resolve(Some(ip("10.0.0.2")), &headers),
            ClientKey::Ip(ip("10.0.0.2"))
        );
        assert_eq!(keys.resolve(None, &headers), ClientKey::Unknown);
    }

    #[test]
    fn the_header_is_believed_only_from_a_trusted_peer() {
        let keys = behind_proxy();
        let headers = forwarded(&["203.0.113.5"]);
        assert_eq!(
            keys.resolve(Some(ip("198.51.100.1")), &headers),
            ClientKey::Ip(ip("198.51.100.1")),
            "an untrusted peer cannot pick its key"
        );
        assert_eq!(
            keys.resolve(Some(ip("10.0.0.2")), &headers),
            ClientKey::Ip(ip("203.0.113.5"))
        );
    }

    #[test]
    fn the_right_most_untrusted_address_is_the_client() {
        let keys = behind_proxy();
        // The client forged the first entry; two proxies of ours appended after it.
        let headers = forwarded(&["1.1.1.1, 203.0.113.5", "10.0.0.9"]);
        assert_eq!(
            keys.resolve(Some(ip("10.0.0.2")), &headers),
            ClientKey::Ip(ip("203.0.113.5"))
        );
        // Only proxies: the left-most of them is as close to the client as we get.
        let headers = forwarded(&["10.0.0.7"]);
        assert_eq!(
            keys.resolve(Some(ip("10.0.0.2")), &headers),
            ClientKey::Ip(ip("10.0.0.7"))
        );
        // Garbage from a proxy stops the walk at that proxy.
        let headers = forwarded(&["203.0.113.5, unknown"]);
        assert_eq!(
            keys.resolve(Some(ip("10.0.0.2")), &headers),
            ClientKey::Ip(ip("10.0.0.2"))
        );
        // No header at all: the proxy itself.
        assert_eq!(
            keys.resolve(Some(ip("2001:db8:ffff::1")), &HeaderMap::new()),
            ClientKey::Ip(ip("2001:db8:ffff::"))
        );
    }

    #[test]
    fn bad_configuration_is_refused() {
        assert!(ClientKeys::new(Some("bad header"), &[]).is_err());
        assert!(ClientKeys::new(Some("X-Forwarded-For"), &["10.0.0.0/99".into()]).is_err());
    }
}
