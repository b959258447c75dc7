//! What each role may do beyond shopping (SPEC §6). Accounts store their role by name
//! (`mercato_db::users::ROLES`); the layout asks these questions of it for every page a
//! logged-in account sees.

/// The capabilities of an account's role that pages and their settings show.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Capabilities {
    /// Manages the shop (WooCommerce's `manage_options`; the settings' `currentUserIsAdmin`):
    /// sees payment-method registration errors.
    pub is_admin: bool,
    /// Edits content (the theme's `user.can_edit_pages`): sees the edit links on content and
    /// menu blocks, and the reduced-motion notice.
    pub can_edit_pages: bool,
}

impl Capabilities {
    /// The capabilities of `role` (a role name as stored). Customers and unknown roles have
    /// none; shop managers edit pages, as WooCommerce's `shop_manager` role does; only
    /// administrators are admins.
    pub fn of(role: &str) -> Self {
        match role {
            "administrator" => Capabilities {
                is_admin: true,
                can_edit_pages: true,
            },
            "shop_manager" => Capabilities {
                is_admin: false,
                can_edit_pages: true,
            },
            _ => Capabilities::default(),
        }
    }

    /// Whether the account is staff (any capability at all).
    pub fn is_staff(self) -> bool {
        self.is_admin || self.can_edit_pages
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_role_has_its_capabilities() {
        assert_eq!(Capabilities::of("customer"), Capabilities::default());
        assert!(!Capabilities::of("customer").is_staff());
        let manager = Capabilities::of("shop_manager");
        assert!(manager.can_edit_pages && !manager.is_admin);
        let admin = Capabilities::of("administrator");
        assert!(admin.can_edit_pages && admin.is_admin);
        // A role name that is not one of ours grants nothing.
        assert_eq!(Capabilities::of("Administrator"), Capabilities::default());
        assert_eq!(Capabilities::of(""), Capabilities::default());
    }

    #[test]
    fn every_stored_role_is_known() {
        for role in mercato_db::users::ROLES {
            let staff = Capabilities::of(role).is_staff();
            assert_eq!(staff, role != mercato_db::users::CUSTOMER_ROLE, "{role}");
        }
    }
}
