//! Addresses on the network, as the shop's settings name them: one address (`10.0.0.7`,
//! `::1`) or a network in CIDR notation (`10.0.0.0/8`, `fc00::/7`).

use std::net::IpAddr;

/// An address or a network of addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNetwork {
    base: IpAddr,
    prefix: u8,
}

impl IpNetwork {
    /// Reads `10.0.0.0/8`, `2001:db8::/32` or a bare address (a network of one); `None`
    /// when it is neither or the prefix is longer than the address.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix.parse::<u8>().ok()?)),
            None => (text, None),
        };
        let base = address.parse::<IpAddr>().ok()?.to_canonical();
        let width = if base.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(width);
        (prefix <= width).then_some(Self { base, prefix })
    }

    /// Whether `address` is in the network (IPv4-mapped IPv6 addresses count as IPv4).
    pub fn contains(&self, address: IpAddr) -> bool {
        let (base, other, width) = match (self.base, address.to_canonical()) {
            (IpAddr::V4(b), IpAddr::V4(a)) => (u32::from(b).into(), u32::from(a).into(), 32),
            (IpAddr::V6(b), IpAddr::V6(a)) => (u128::from(b), u128::from(a), 128),
            _ => return false,
        };
        let shift = width - u32::from(self.prefix);
        shift >= 128 || (base >> shift) == (other >> shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("address")
    }

    #[test]
    fn networks_hold_their_addresses_and_no_others() {
        let private = IpNetwork::parse("10.0.0.0/8").expect("network");
        assert!(private.contains(ip("10.1.2.3")));
        assert!(private.contains(ip("::ffff:10.9.9.9")), "mapped IPv4");
        assert!(!private.contains(ip("11.0.0.1")));
        assert!(!private.contains(ip("::a00:1")), "IPv6 is another family");
        let one = IpNetwork::parse(" 203.0.113.9 ").expect("address");
        assert!(one.contains(ip("203.0.113.9")));
        assert!(!one.contains(ip("203.0.113.10")));
        let all = IpNetwork::parse("0.0.0.0/0").expect("all");
        assert!(all.contains(ip("198.51.100.1")));
        let v6 = IpNetwork::parse("2001:db8::/32").expect("v6");
        assert!(v6.contains(ip("2001:db8:cafe::17")));
        assert!(!v6.contains(ip("2001:db9::1")));
        let v6_host = IpNetwork::parse("::1").expect("loopback");
        assert!(v6_host.contains(ip("::1")));
        assert!(!v6_host.contains(ip("::2")));
    }

    #[test]
    fn junk_is_no_network() {
        for junk in [
            "",
            "10.0.0.0/33",
            "::/129",
            "10.0.0/8",
            "host.example",
            "10.0.0.0/x",
        ] {
            assert_eq!(IpNetwork::parse(junk), None, "{junk}");
        }
    }
}
