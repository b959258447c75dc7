//! Every coupon restriction, the discount distribution (remainder cents, limits, order,
//! sequential discounts) and the apply rules.

use super::fixtures::*;
use crate::catalogue::{CategoryId, ProductId};
use crate::pricing::*;

fn percent(code: &str, amount: &str) -> Coupon {
    Coupon {
        id: 1,
        code: code.into(),
        kind: CouponKind::Percent,
        amount: Decimal::parse(amount).expect("an amount"),
        ..Coupon::default()
    }
}

fn fixed_cart(code: &str, amount: &str) -> Coupon {
    Coupon {
        kind: CouponKind::FixedCart,
        ..percent(code, amount)
    }
}

fn fixed_product(code: &str, amount: &str) -> Coupon {
    Coupon {
        kind: CouponKind::FixedProduct,
        ..percent(code, amount)
    }
}

/// Applies `coupon` to the cart (as a fresh code) and returns the error, if any.
fn try_apply(cart: &CartInput, coupon: &Coupon) -> Result<Vec<AppliedCoupon>, CouponError> {
    let shop = Shop::reference();
    apply_coupon(cart, &shop.ctx(), &coupon.code, Some(coupon))
}

fn message(cart: &CartInput, coupon: &Coupon) -> String {
    try_apply(cart, coupon).expect_err("refused").message()
}

fn with_coupons(mut cart: CartInput, coupons: &[Coupon]) -> CartTotals {
    cart.coupons = coupons
        .iter()
        .map(|c| AppliedCoupon {
            code: c.code.clone(),
            coupon: Some(c.clone()),
        })
        .collect();
    calculate(&cart, &Shop::reference().ctx())
}

fn line_discounts(totals: &CartTotals) -> Vec<i64> {
    totals
        .lines
        .iter()
        .map(|l| (l.line_subtotal - l.line_total).minor())
        .collect()
}

#[test]
fn usage_limits_overall_and_per_customer() {
    let cart = cart_of(&[(17, 1)]);
    let used_up = Coupon {
        usage_limit: Some(2),
        usage_count: 2,
        ..percent("once", "10")
    };
    assert_eq!(
        message(&cart, &used_up),
        "Usage limit for coupon &quot;once&quot; has been reached."
    );
    let mut per_user = Coupon {
        usage_limit_per_user: Some(1),
        used_by: vec!["7".into(), "Jane@Example.com".into()],
        ..percent("mine", "10")
    };
    let mut cart = cart_of(&[(17, 1)]);
    assert!(try_apply(&cart, &per_user).is_ok(), "a guest without email");
    cart.customer.user_id = Some(7);
    assert!(matches!(
        try_apply(&cart, &per_user),
        Err(CouponError::UsageLimitReached { .. })
    ));
    cart.customer.user_id = Some(8);
    cart.customer.email = "jane@example.com".into();
    assert!(try_apply(&cart, &per_user).is_err(), "by billing email");
    per_user.usage_limit_per_user = Some(2);
    assert!(try_apply(&cart, &per_user).is_ok());
}

#[test]
fn expiry_is_checked_against_now() {
    let cart = cart_of(&[(17, 1)]);
    let at_the_limit = Coupon {
        expires_at: Some(RECORDED_AT),
        ..percent("soon", "10")
    };
    assert!(try_apply(&cart, &at_the_limit).is_ok());
    let past = Coupon {
        expires_at: Some(RECORDED_AT - 1),
        ..percent("past", "10")
    };
    assert_eq!(
        message(&cart, &past),
        "Coupon &quot;past&quot; has expired."
    );
}

#[test]
fn minimum_and_maximum_spend_compare_the_shown_subtotal() {
    let cart = cart_of(&[(17, 5)]); // $90.00, $97.43 with tax.
    let minimum = Coupon {
        minimum_amount: Some(m(9500)),
        ..percent("min", "10")
    };
    assert_eq!(
        message(&cart, &minimum),
        "The minimum spend for coupon &quot;min&quot; is &#36;95.00."
    );
    let maximum = Coupon {
        maximum_amount: Some(m(8999)),
        ..percent("max", "10")
    };
    assert_eq!(
        message(&cart, &maximum),
        "The maximum spend for coupon &quot;max&quot; is &#36;89.99."
    );
    // Shown with tax, the same cart reaches the minimum.
    let mut shop = Shop::reference();
    shop.tax.display_cart_including_tax = true;
    assert!(apply_coupon(&cart, &shop.ctx(), "min", Some(&minimum)).is_ok());
}

#[test]
fn product_and_category_lists_restrict_the_cart_and_the_lines() {
    let cart = cart_of(&[(17, 1), (38, 1)]);
    let hoodies = Coupon {
        product_ids: vec![ProductId(15)], // the hoodie's parent
        ..percent("hoodie", "10")
    };
    assert!(try_apply(&cart, &hoodies).is_ok());
    assert_eq!(
        line_discounts(&with_coupons(cart.clone(), &[hoodies])),
        vec![0, 450]
    );
    let caps = Coupon {
        product_ids: vec![ProductId(20)],
        ..percent("caps", "10")
    };
    assert_eq!(
        message(&cart, &caps),
        "Sorry, coupon &quot;caps&quot; is not applicable to selected products."
    );
    // The fixtures put variations in category 9 and simple products in category 10.
    let variations = Coupon {
        category_ids: vec![CategoryId(9)],
        ..percent("cat9", "10")
    };
    assert_eq!(
        line_discounts(&with_coupons(cart.clone(), &[variations])),
        vec![0, 450]
    );
    let other = Coupon {
        category_ids: vec![CategoryId(99)],
        ..percent("cat99", "10")
    };
    assert!(matches!(
        try_apply(&cart, &other),
        Err(CouponError::NotApplicable { .. })
    ));
    // Sale items do not count for a category coupon that excludes them.
    let sale_only = cart_of(&[(20, 1)]);
    let simple_no_sale = Coupon {
        category_ids: vec![CategoryId(10)],
        exclude_sale_items: true,
        ..percent("nosale", "10")
    };
    assert!(matches!(
        try_apply(&sale_only, &simple_no_sale),
        Err(CouponError::NotApplicable { .. })
    ));
}

#[test]
fn exclusions_refuse_a_fixed_cart_coupon_and_skip_lines_of_a_percent_one() {
    let mut cart = cart_of(&[(17, 1), (38, 1), (20, 1)]);
    cart.category_names
        .insert(CategoryId(9), "Hoodies & more".into());
    let no_hoodie = Coupon {
        excluded_product_ids: vec![ProductId(38)],
        ..fixed_cart("nohoodie", "5")
    };
    assert_eq!(
        message(&cart, &no_hoodie),
        "Sorry, coupon &quot;nohoodie&quot; is not applicable to the products: Hoodie - Blue, Yes."
    );
    let no_cat = Coupon {
        excluded_category_ids: vec![CategoryId(9)],
        ..fixed_cart("nocat", "5")
    };
    assert_eq!(
        message(&cart, &no_cat),
        "Sorry, coupon &quot;nocat&quot; is not applicable to the categories: Hoodies &amp; more."
    );
    let no_sale = Coupon {
        exclude_sale_items: true,
        ..fixed_cart("nosale", "5")
    };
    assert_eq!(
        message(&cart, &no_sale),
        "Sorry, coupon &quot;nosale&quot; is not valid for sale items."
    );
    // A percent coupon just leaves those lines alone.
    let percent_no_sale = Coupon {
        exclude_sale_items: true,
        excluded_product_ids: vec![ProductId(17)],
        ..percent("pct", "10")
    };
    let totals = with_coupons(cart.clone(), &[percent_no_sale]);
    assert_eq!(line_discounts(&totals), vec![0, 450, 0]);
    let only_excluded = Coupon {
        excluded_product_ids: vec![ProductId(17)],
        ..percent("only", "10")
    };
    assert!(matches!(
        try_apply(&cart_of(&[(17, 2)]), &only_excluded),
        Err(CouponError::NotApplicable { .. })
    ));
}

#[test]
fn allowed_emails_need_a_matching_email() {
    let mut cart = cart_of(&[(17, 1)]);
    let staff = Coupon {
        allowed_emails: vec!["*@example.com".into(), "boss@shop.test".into()],
        ..percent("staff", "10")
    };
    assert_eq!(
        message(&cart, &staff),
        "Please enter a valid email at checkout to use coupon code &quot;staff&quot;."
    );
    cart.customer.email = "Jane@EXAMPLE.com".into();
    assert!(try_apply(&cart, &staff).is_ok());
    cart.customer.email = "jane@example.org".into();
    assert!(matches!(
        try_apply(&cart, &staff),
        Err(CouponError::NotYours { .. })
    ));
    cart.customer.account_email = "boss@shop.test".into();
    assert!(try_apply(&cart, &staff).is_ok());
    assert!(wildcard_matches("a*c*e", "abcde"));
    assert!(!wildcard_matches("a*c", "ab"));
    assert!(wildcard_matches("*", ""));
}

#[test]
fn codes_are_case_insensitive_and_individual_use_stands_alone() {
    let mut cart = cart_of(&[(17, 3)]);
    cart.coupons = vec![applied("ten")];
    let ten = coupon("ten").expect("ten");
    let shop = Shop::reference();
    let error = apply_coupon(&cart, &shop.ctx(), " TEN ", Some(&ten)).expect_err("applied");
    assert_eq!(
        error.message(),
        "Coupon code &quot;ten&quot; has already been applied."
    );
    let solo = Coupon {
        individual_use: true,
        ..percent("solo", "20")
    };
    let applied_now = apply_coupon(&cart, &shop.ctx(), "Solo", Some(&solo)).expect("applies");
    let codes: Vec<&str> = applied_now.iter().map(|a| a.code.as_str()).collect();
    assert_eq!(
        codes,
        vec!["solo"],
        "the individual-use coupon replaces the others"
    );
    cart.coupons = applied_now;
    let error = apply_coupon(&cart, &shop.ctx(), "ten", Some(&ten)).expect_err("refused");
    assert_eq!(
        error.message(),
        "&quot;solo&quot; has already been applied and cannot be used in conjunction with other coupons."
    );
}

#[test]
fn percent_discounts_round_down_per_line_and_add_the_missing_cents() {
    let mut cart = cart_of(&[]);
    for (i, key) in ["a", "b", "c"].iter().enumerate() {
        cart.lines.push(CartLine {
            key: (*key).into(),
            product_id: ProductId(100 + i64::try_from(i).unwrap_or(0)),
            unit_price: m(333),
            ..CartLine::default()
        });
    }
    // 10 % of 3.33 is 33.3 cents per line: 99 cents, then one more for the 99.9 total.
    let totals = with_coupons(cart, &[percent("p", "10")]);
    assert_eq!(line_discounts(&totals), vec![34, 33, 33]);
    assert_eq!(totals.totals.total_discount, m(100));
}

#[test]
fn fixed_cart_amounts_are_split_per_item_with_remainders() {
    // $1.00 over three $10 items: 33 cents each, then one cent more.
    let totals = with_coupons(cart_of(&[(17, 3)]), &[fixed_cart("one", "1")]);
    assert_eq!(line_discounts(&totals), vec![100]);
    // $1.00 over two $18 T-shirts and a $45 hoodie: lines go in order of line price times
    // quantity (72 before 45), so the odd cent goes to the T-shirts.
    let totals = with_coupons(cart_of(&[(17, 2), (38, 1)]), &[fixed_cart("one", "1")]);
    assert_eq!(line_discounts(&totals), vec![67, 33]);
    // More than the cart is worth: everything, and no more.
    let totals = with_coupons(cart_of(&[(17, 1), (20, 2)]), &[fixed_cart("big", "1000")]);
    assert_eq!(line_discounts(&totals), vec![1800, 3200]);
    assert_eq!(totals.totals.total_discount, m(5000));
    assert!(
        totals
            .lines
            .iter()
            .all(|l| l.line_total.is_zero() && l.line_total_tax.is_zero())
    );
}

#[test]
fn fixed_product_and_item_limits() {
    let totals = with_coupons(cart_of(&[(17, 3), (20, 1)]), &[fixed_product("five", "5")]);
    assert_eq!(line_discounts(&totals), vec![1500, 500]);
    let capped = with_coupons(cart_of(&[(17, 1)]), &[fixed_product("big", "25")]);
    assert_eq!(line_discounts(&capped), vec![1800]);
    let limited = Coupon {
        limit_usage_to_x_items: Some(2),
        ..percent("two", "50")
    };
    // The T-shirt line comes first (54 × 3 before 45 × 1) and takes both items.
    let totals = with_coupons(cart_of(&[(17, 3), (38, 1)]), &[limited]);
    assert_eq!(line_discounts(&totals), vec![1800, 0]);
    let limited_fixed = Coupon {
        limit_usage_to_x_items: Some(2),
        ..fixed_product("two", "5")
    };
    let totals = with_coupons(cart_of(&[(17, 3)]), &[limited_fixed]);
    assert_eq!(line_discounts(&totals), vec![1000]);
}

#[test]
fn coupons_apply_in_woocommerce_order_and_sequentially_when_set() {
    let cart = cart_of(&[(38, 1)]); // $45.00
    let coupons = [percent("pct", "10"), fixed_product("fp", "5")];
    let totals = with_coupons(cart.clone(), &coupons);
    // Both work on the full price: 4.50 + 5.00.
    assert_eq!(line_discounts(&totals), vec![950]);
    assert_eq!(totals.coupons[0].code, "pct");
    assert_eq!(totals.coupons[0].discount, m(450));
    assert_eq!(totals.coupons[1].discount, m(500));
    // Sequentially the percentage applies to what the fixed product coupon left: 4.00.
    let mut shop = Shop::reference();
    shop.coupons.calc_discounts_sequentially = true;
    let mut cart = cart;
    cart.coupons = coupons
        .iter()
        .map(|c| AppliedCoupon {
            code: c.code.clone(),
            coupon: Some(c.clone()),
        })
        .collect();
    let totals = calculate(&cart, &shop.ctx());
    assert_eq!(line_discounts(&totals), vec![900]);
}

#[test]
fn a_discount_never_exceeds_the_line_and_its_tax_share_is_its_own() {
    let totals = with_coupons(cart_of(&[(17, 3), (38, 1)]), &[percent("all", "150")]);
    assert_eq!(totals.totals.total_discount, m(9900));
    assert!(totals.lines.iter().all(|l| !l.line_total.is_negative()));
    let two = with_coupons(
        cart_of(&[(17, 3), (38, 1)]),
        &[percent("ten", "10"), fixed_cart("fixed5", "5")],
    );
    let discount: i64 = two.coupons.iter().map(|c| c.discount.minor()).sum();
    let tax: i64 = two.coupons.iter().map(|c| c.discount_tax.minor()).sum();
    assert_eq!(discount, two.totals.total_discount.minor());
    assert!((tax - two.totals.total_discount_tax.minor()).abs() <= 1);
    // 990 and 500 taxed at 8.25 %: 81.675 and 41.25.
    assert_eq!(two.coupons[0].discount_tax, m(82));
    assert_eq!(two.coupons[1].discount_tax, m(41));
}
