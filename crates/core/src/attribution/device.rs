//! The device an order was placed from, guessed from the browser's user agent.
//!
//! WooCommerce asks the MobileDetect library; order-attribution.md names only the three
//! answers, so this is a small hand-written classifier over the markers browsers actually send.
//! It answers "Tablet" for tablets, where WooCommerce (which asks `isMobile()` first, and that
//! includes tablets) answers "Mobile".

use serde::{Deserialize, Serialize};

/// Mobile, tablet or desktop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeviceType {
    /// A phone.
    Mobile,
    /// A tablet.
    Tablet,
    /// Anything else: desktops, laptops, bots, unknown agents.
    Desktop,
}

/// Markers only tablets send (lower case).
const TABLET_MARKERS: &[&str] = &[
    "ipad", "tablet", "kindle", "silk/", "playbook", "nexus 7", "nexus 9", "nexus 10", "sm-t",
    "gt-p", "xoom",
];

/// Markers phones send (lower case); Android without "mobile" is a tablet and is caught first.
const MOBILE_MARKERS: &[&str] = &[
    "mobi",
    "iphone",
    "ipod",
    "android",
    "blackberry",
    "bb10",
    "windows phone",
    "iemobile",
    "opera mini",
    "webos",
    "symbian",
    "kaios",
];

impl DeviceType {
    /// Classifies a user agent string.
    pub fn from_user_agent(user_agent: &str) -> Self {
        let ua = user_agent.to_ascii_lowercase();
        let has = |marker: &&str| ua.contains(marker);
        let android_tablet = ua.contains("android") && !ua.contains("mobile");
        if TABLET_MARKERS.iter().any(has) || android_tablet {
            DeviceType::Tablet
        } else if MOBILE_MARKERS.iter().any(has) {
            DeviceType::Mobile
        } else {
            DeviceType::Desktop
        }
    }

    /// The label WooCommerce stores and shows ("Mobile").
    pub fn label(self) -> &'static str {
        match self {
            DeviceType::Mobile => "Mobile",
            DeviceType::Tablet => "Tablet",
            DeviceType::Desktop => "Desktop",
        }
    }

    /// The device type with this label.
    pub fn from_label(label: &str) -> Option<Self> {
        [DeviceType::Mobile, DeviceType::Tablet, DeviceType::Desktop]
            .into_iter()
            .find(|d| d.label() == label)
    }
}

#[cfg(test)]
mod tests {
    use super::DeviceType::{self, *};

    fn classify(ua: &str) -> DeviceType {
        DeviceType::from_user_agent(ua)
    }

    #[test]
    fn phones() {
        assert_eq!(
            classify(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
            ),
            Mobile
        );
        assert_eq!(
            classify(
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
            ),
            Mobile
        );
        assert_eq!(
            classify(
                "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54"
            ),
            Mobile
        );
    }

    #[test]
    fn tablets() {
        assert_eq!(
            classify(
                "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1"
            ),
            Tablet
        );
        assert_eq!(
            classify(
                "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"
            ),
            Tablet
        );
        assert_eq!(
            classify(
                "Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/120.3.1 like Chrome/120.0 Safari/537.36"
            ),
            Tablet
        );
    }

    #[test]
    fn desktops_and_others() {
        assert_eq!(
            classify(
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
            ),
            Desktop
        );
        assert_eq!(
            classify(
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"
            ),
            Desktop
        );
        assert_eq!(classify("wcref-recorder/1.0"), Desktop);
        assert_eq!(classify(""), Desktop);
    }

    #[test]
    fn labels_round_trip() {
        for d in [Mobile, Tablet, Desktop] {
            assert_eq!(DeviceType::from_label(d.label()), Some(d));
        }
        assert_eq!(DeviceType::from_label("Phone"), None);
    }
}
