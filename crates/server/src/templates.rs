//! Runtime templates: the defaults are compiled in; a theme directory overrides any of them,
//! file by file, without recompiling.

use std::path::PathBuf;

use minijinja::{AutoEscape, Environment, Error, ErrorKind};

/// The built-in theme, by template name.
const BUILT_IN: &[(&str, &str)] = &[
    ("base.html", include_str!("../templates/base.html")),
    (
        "cached_page.html",
        include_str!("../templates/cached_page.html"),
    ),
    ("home.html", include_str!("../templates/home.html")),
    (
        "home/hero_slider.html",
        include_str!("../templates/home/hero_slider.html"),
    ),
    (
        "home/banner_grid.html",
        include_str!("../templates/home/banner_grid.html"),
    ),
    (
        "home/category_tiles.html",
        include_str!("../templates/home/category_tiles.html"),
    ),
    (
        "home/product_grid.html",
        include_str!("../templates/home/product_grid.html"),
    ),
    (
        "home/text_image.html",
        include_str!("../templates/home/text_image.html"),
    ),
    (
        "home/counters.html",
        include_str!("../templates/home/counters.html"),
    ),
    (
        "home/testimonials.html",
        include_str!("../templates/home/testimonials.html"),
    ),
    (
        "home/social_feed_photos.html",
        include_str!("../templates/home/social_feed_photos.html"),
    ),
    (
        "home/social_feed.html",
        include_str!("../templates/home/social_feed.html"),
    ),
    (
        "home/gallery.html",
        include_str!("../templates/home/gallery.html"),
    ),
    (
        "home/video.html",
        include_str!("../templates/home/video.html"),
    ),
    (
        "home/lottie.html",
        include_str!("../templates/home/lottie.html"),
    ),
    (
        "home/lightbox.html",
        include_str!("../templates/home/lightbox.html"),
    ),
    ("404.html", include_str!("../templates/404.html")),
    ("error.html", include_str!("../templates/error.html")),
    (
        "partials/header.html",
        include_str!("../templates/partials/header.html"),
    ),
    (
        "partials/footer.html",
        include_str!("../templates/partials/footer.html"),
    ),
    (
        "partials/edit_links.html",
        include_str!("../templates/partials/edit_links.html"),
    ),
    (
        "pages/menu.html",
        include_str!("../templates/pages/menu.html"),
    ),
    (
        "pages/content.html",
        include_str!("../templates/pages/content.html"),
    ),
    (
        "admin/placeholder.html",
        include_str!("../templates/admin/placeholder.html"),
    ),
    (
        "partials/search_form.html",
        include_str!("../templates/partials/search_form.html"),
    ),
    (
        "partials/store_notice.html",
        include_str!("../templates/partials/store_notice.html"),
    ),
    // The catalogue pages (storefront).
    (
        "shop/archive.html",
        include_str!("../templates/shop/archive.html"),
    ),
    (
        "shop/product.html",
        include_str!("../templates/shop/product.html"),
    ),
    (
        "partials/product_gallery.html",
        include_str!("../templates/partials/product_gallery.html"),
    ),
    (
        "shop/quick_view.html",
        include_str!("../templates/shop/quick_view.html"),
    ),
    (
        "partials/breadcrumbs.html",
        include_str!("../templates/partials/breadcrumbs.html"),
    ),
    (
        "partials/star_rating.html",
        include_str!("../templates/partials/star_rating.html"),
    ),
    (
        "partials/product_card.html",
        include_str!("../templates/partials/product_card.html"),
    ),
    (
        "partials/pagination.html",
        include_str!("../templates/partials/pagination.html"),
    ),
    (
        "partials/shop_sidebar.html",
        include_str!("../templates/partials/shop_sidebar.html"),
    ),
    (
        "partials/quantity.html",
        include_str!("../templates/partials/quantity.html"),
    ),
    (
        "partials/add_to_cart.html",
        include_str!("../templates/partials/add_to_cart.html"),
    ),
    (
        "partials/product_addons.html",
        include_str!("../templates/partials/product_addons.html"),
    ),
    (
        "partials/reviews.html",
        include_str!("../templates/partials/reviews.html"),
    ),
    // The classic cart page (cart_page).
    (
        "cart/cart.html",
        include_str!("../templates/cart/cart.html"),
    ),
    // The classic checkout (checkout_page).
    (
        "checkout/checkout.html",
        include_str!("../templates/checkout/checkout.html"),
    ),
    (
        "checkout/address_fields.html",
        include_str!("../templates/checkout/address_fields.html"),
    ),
    (
        "checkout/payment_methods.html",
        include_str!("../templates/checkout/payment_methods.html"),
    ),
    (
        "checkout/order_pay.html",
        include_str!("../templates/checkout/order_pay.html"),
    ),
    (
        "checkout/received.html",
        include_str!("../templates/checkout/received.html"),
    ),
    (
        "checkout/confirm.html",
        include_str!("../templates/checkout/confirm.html"),
    ),
    (
        "partials/order_details.html",
        include_str!("../templates/partials/order_details.html"),
    ),
    (
        "partials/downloads_table.html",
        include_str!("../templates/partials/downloads_table.html"),
    ),
    (
        "checkout/received_check.html",
        include_str!("../templates/checkout/received_check.html"),
    ),
    // The mini cart and the header's cart fragments (store AJAX).
    (
        "partials/mini_cart.html",
        include_str!("../templates/partials/mini_cart.html"),
    ),
    // The account pages (account_page).
    (
        "account/login_forms.html",
        include_str!("../templates/account/login_forms.html"),
    ),
    (
        "account/login_popup_content.html",
        include_str!("../templates/account/login_popup_content.html"),
    ),
    (
        "account/password_hint.html",
        include_str!("../templates/account/password_hint.html"),
    ),
    (
        "partials/login_popup.html",
        include_str!("../templates/partials/login_popup.html"),
    ),
    (
        "account/login.html",
        include_str!("../templates/account/login.html"),
    ),
    (
        "account/lost_password.html",
        include_str!("../templates/account/lost_password.html"),
    ),
    (
        "account/logout.html",
        include_str!("../templates/account/logout.html"),
    ),
    (
        "account/frame.html",
        include_str!("../templates/account/frame.html"),
    ),
    (
        "account/dashboard.html",
        include_str!("../templates/account/dashboard.html"),
    ),
    (
        "account/orders.html",
        include_str!("../templates/account/orders.html"),
    ),
    (
        "account/view_order.html",
        include_str!("../templates/account/view_order.html"),
    ),
    (
        "account/downloads.html",
        include_str!("../templates/account/downloads.html"),
    ),
    (
        "account/addresses.html",
        include_str!("../templates/account/addresses.html"),
    ),
    (
        "account/edit_address.html",
        include_str!("../templates/account/edit_address.html"),
    ),
    (
        "account/add_payment_method.html",
        include_str!("../templates/account/add_payment_method.html"),
    ),
    (
        "account/payment_methods.html",
        include_str!("../templates/account/payment_methods.html"),
    ),
    (
        "account/details.html",
        include_str!("../templates/account/details.html"),
    ),
    // Order emails (emails, sent by the jobs worker).
    (
        "emails/order.html",
        include_str!("../templates/emails/order.html"),
    ),
    (
        "emails/order.txt",
        include_str!("../templates/emails/order.txt"),
    ),
    // Account emails (emails::account): welcome, password reset.
    (
        "emails/account.html",
        include_str!("../templates/emails/account.html"),
    ),
    (
        "emails/account.txt",
        include_str!("../templates/emails/account.txt"),
    ),
];

/// Builds the template environment. Templates are loaded (and then kept) on first use.
pub fn environment(theme_dir: Option<PathBuf>) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".html") {
            AutoEscape::Html
        } else {
            AutoEscape::None
        }
    });
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Chainable);
    env.set_formatter(html_formatter);
    env.set_loader(move |name| {
        if let Some(dir) = &theme_dir {
            // Names come from our own templates, but refuse to leave the theme directory anyway.
            if !name.split('/').any(|part| part == ".." || part.is_empty()) {
                match std::fs::read_to_string(dir.join(name)) {
                    Ok(text) => return Ok(Some(text)),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => {
                        return Err(Error::new(
                            ErrorKind::InvalidOperation,
                            "cannot read theme template",
                        )
                        .with_source(e));
                    }
                }
            }
        }
        Ok(BUILT_IN
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| (*text).to_owned()))
    });
    env
}

/// Escapes like minijinja's default, except `/`: escaping it protects nothing inside quoted
/// attributes and text, and turns every URL in the page into `&#x2f;` noise.
fn html_formatter(
    out: &mut minijinja::Output,
    state: &minijinja::State,
    value: &minijinja::Value,
) -> Result<(), Error> {
    let plain_string = matches!(state.auto_escape(), AutoEscape::Html)
        && !value.is_safe()
        && value.kind() == minijinja::value::ValueKind::String;
    let Some(text) = value.as_str().filter(|_| plain_string) else {
        return minijinja::escape_formatter(out, state, value);
    };
    let mut last = 0;
    for (i, c) in text.char_indices() {
        let entity = match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\'' => "&#x27;",
            _ => continue,
        };
        out.write_str(&text[last..i]).map_err(Error::from)?;
        out.write_str(entity).map_err(Error::from)?;
        last = i + c.len_utf8();
    }
    out.write_str(&text[last..]).map_err(Error::from)
}

#[cfg(test)]
mod tests {
    #[test]
    fn output_is_escaped_but_urls_stay_readable() {
        let mut env = environment(None);
        env.add_template("t.html", "<a href=\"{{ url }}\">{{ text }}</a>{{ n }}")
            .expect("template");
        let html = env
            .get_template("t.html")
            .expect("t")
            .render(
                minijinja::context! { url => "/shop/?a=1&b=\"x\"", text => "<b>'hi'</b>", n => 3 },
            )
            .expect("render");
        assert_eq!(
            html,
            "<a href=\"/shop/?a=1&amp;b=&quot;x&quot;\">&lt;b&gt;&#x27;hi&#x27;&lt;/b&gt;</a>3"
        );
    }

    use super::*;

    #[test]
    fn every_built_in_template_compiles() {
        let env = environment(None);
        for (name, _) in BUILT_IN {
            env.get_template(name)
                .unwrap_or_else(|e| panic!("{name}: {e:#}"));
        }
    }

    #[test]
    fn a_theme_file_overrides_only_its_own_template() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("partials")).expect("mkdir");
        std::fs::write(
            dir.path().join("partials/footer.html"),
            "<footer>themed {{ 1 + 1 }}</footer>",
        )
        .expect("write");
        let env = environment(Some(dir.path().to_owned()));
        let footer = env
            .get_template("partials/footer.html")
            .expect("footer")
            .render(())
            .expect("render");
        assert_eq!(footer, "<footer>themed 2</footer>");
        assert!(
            env.get_template("home.html").is_ok(),
            "others fall back to the built-in theme"
        );
    }
}
