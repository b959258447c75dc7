//! The demo's pictures, drawn as studio product shots in SVG: every item stands on the same
//! light seamless backdrop with a soft contact shadow, in the product's colour, shaded with
//! gradients for volume and detailed with seams, ribbing, zips, prints... No text: the page
//! names the product. A picture is 2–4 KB and says its width and height.
//!
//! A drawing is a [`Sketch`]: what lies behind the item (straps, a second sock), the item's
//! body (filled in the product's colour and shaded by two overlays), its seams and the parts
//! in their own colours. Colours are written as tokens (`$b` the product's colour, `$e` its
//! edge ...) and filled in from the colour by [`Tones`].

/// What the picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A short-sleeve crew T-shirt with a small chest logo.
    Tshirt,
    /// A plain short-sleeve T-shirt.
    PlainTee,
    /// A T-shirt with a chest pocket.
    PocketTee,
    /// A kid's T-shirt with a rocket print.
    RocketTee,
    /// A long-sleeve crew with rib cuffs.
    LongSleeve,
    /// A pullover hoodie with a kangaroo pocket.
    Hoodie,
    /// A full-zip hoodie with side pockets.
    ZipHoodie,
    /// A cropped hoodie with a raw hem.
    CroppedHoodie,
    /// A pullover hoodie with an embroidered crest.
    CrestHoodie,
    /// A six-panel cap.
    Cap,
    /// A trucker cap: foam front, mesh sides.
    TruckerCap,
    /// A bucket hat.
    BucketHat,
    /// A rib-knit beanie with a cuff.
    Beanie,
    /// A beanie with a pom-pom.
    PomBeanie,
    /// A ceramic mug.
    Mug,
    /// A speckled enamel camp mug with a dark rim.
    EnamelMug,
    /// A travel tumbler with a lid.
    Tumbler,
    /// Two espresso cups on saucers.
    EspressoCups,
    /// A framed poster of mountains at sunrise.
    Poster,
    /// A framed poster of a city at night.
    CityPoster,
    /// A framed poster of waves.
    WavePoster,
    /// A signed print in an oak frame.
    ArtPrint,
    /// Three small framed leaf prints.
    BotanicalSet,
    /// Three die-cut stickers.
    Sticker,
    /// A round holographic sticker.
    HoloSticker,
    /// A sheet of small stickers.
    StickerSheet,
    /// A sticker cut in the shape of a fox's head.
    FoxSticker,
    /// A clear bag of assorted stickers.
    StickerBag,
    /// A canvas tote bag.
    Bag,
    /// A roll-top backpack.
    Backpack,
    /// A drawstring bag.
    GymBag,
    /// A small crossbody bag.
    Crossbody,
    /// A duffel bag.
    Duffel,
    /// A gift box with a ribbon (a bundle).
    GiftBox,
    /// Three enamel pins on a card.
    Pin,
    /// A round embroidered patch.
    Patch,
    /// A woven lanyard with a clasp.
    Lanyard,
    /// A phone case.
    PhoneCase,
    /// A pair of crew socks.
    Socks,
    /// A laptop and a phone showing wallpapers (digital goods).
    Screen,
}

impl Shape {
    /// The name used in file names.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Tshirt | Shape::PlainTee | Shape::PocketTee | Shape::RocketTee => "tshirt",
            Shape::LongSleeve => "long-sleeve",
            Shape::Hoodie | Shape::ZipHoodie | Shape::CroppedHoodie | Shape::CrestHoodie => {
                "hoodie"
            }
            Shape::Cap | Shape::TruckerCap | Shape::BucketHat => "cap",
            Shape::Beanie | Shape::PomBeanie => "beanie",
            Shape::Mug | Shape::EnamelMug | Shape::Tumbler | Shape::EspressoCups => "mug",
            Shape::Poster
            | Shape::CityPoster
            | Shape::WavePoster
            | Shape::ArtPrint
            | Shape::BotanicalSet => "poster",
            Shape::Sticker
            | Shape::HoloSticker
            | Shape::StickerSheet
            | Shape::FoxSticker
            | Shape::StickerBag => "sticker",
            Shape::Bag
            | Shape::Backpack
            | Shape::GymBag
            | Shape::Crossbody
            | Shape::Duffel
            | Shape::GiftBox => "bag",
            Shape::Pin | Shape::Patch | Shape::Lanyard | Shape::PhoneCase | Shape::Socks => "pin",
            Shape::Screen => "screen",
        }
    }
}

/// Which view of the item: a gallery shows several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The item from the front.
    Front,
    /// From the back (a garment, a cap) or the other side (a mug, a bag: mirrored).
    Back,
    /// A close-up of a detail (the zip, the cuff, the print).
    Detail,
}

impl View {
    /// What the file name adds for this view.
    pub fn suffix(self) -> &'static str {
        match self {
            View::Front => "",
            View::Back => "-back",
            View::Detail => "-detail",
        }
    }
}

/// The backdrop, the same for every picture: a light paper sweep, a touch darker at the foot.
const BACKDROP_TOP: &str = "#f4f2ee";
const BACKDROP_FOOT: &str = "#e5e1da";

/// Gradients and patterns every picture may use: the backdrop (`w`), the contact shadow
/// (`c`), the side and top light on the item (`s`, `v`), knit ribbing (`r`), a shadow
/// filter for flat things (`f`).
const DEFS: &str = concat!(
    r##"<defs><linearGradient id="w" x2="0" y2="1"><stop offset=".55" stop-color="$t"/><stop offset="1" stop-color="$u"/></linearGradient>"##,
    r##"<radialGradient id="c"><stop offset=".1" stop-opacity=".34"/><stop offset="1" stop-opacity="0"/></radialGradient>"##,
    r##"<linearGradient id="s"><stop stop-opacity=".2"/><stop offset=".42" stop-color="#fff" stop-opacity=".13"/><stop offset="1" stop-opacity=".3"/></linearGradient>"##,
    r##"<linearGradient id="v" x2="0" y2="1"><stop stop-color="#fff" stop-opacity=".1"/><stop offset="1" stop-opacity=".16"/></linearGradient>"##,
    r##"<pattern id="r" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M3 0v7" stroke="#000" stroke-opacity=".2" stroke-width="2.5"/></pattern>"##,
    r##"<filter id="f" x="-.2" y="-.2" width="1.4" height="1.4"><feColorMatrix values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 .28 0"/><feGaussianBlur stdDeviation="7"/></filter></defs>"##,
);

/// A small mountain mark, the brand's logo, drawn (not written) at the origin, 40 wide.
const MARK: &str = "M-20 10 -6-12 2-2 8-9 20 10Z";

/// The colours of a drawing, from the product's colour.
struct Tones {
    /// The product's colour.
    base: String,
    /// Outlines: darker.
    edge: String,
    /// Seams and stitching: darker on light colours, lighter on dark ones.
    detail: String,
    /// Insides (a neck, a hood): much darker.
    inside: String,
    /// A lighter tint.
    light: String,
    /// A darker shade.
    mid: String,
    /// Print ink that reads on the colour.
    ink: String,
}

fn rgb(hex: &str) -> (u32, u32, u32) {
    let channel = |range: std::ops::Range<usize>| {
        hex.get(range)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .map_or(128, u32::from)
    };
    (channel(1..3), channel(3..5), channel(5..7))
}

/// `hex` moved `per_mille` thousandths of the way towards `toward`.
fn mix(hex: &str, toward: (u32, u32, u32), per_mille: u32) -> String {
    let (r, g, b) = rgb(hex);
    let t = per_mille.min(1000);
    let step = |from: u32, to: u32| (from * (1000 - t) + to * t + 500) / 1000;
    format!(
        "#{:02x}{:02x}{:02x}",
        step(r, toward.0),
        step(g, toward.1),
        step(b, toward.2)
    )
}

const BLACK: (u32, u32, u32) = (0, 0, 0);
const WHITE: (u32, u32, u32) = (255, 255, 255);

/// Whether dark ink reads better than white on `hex` (`#rrggbb`).
fn is_light(hex: &str) -> bool {
    let (r, g, b) = rgb(hex);
    r * 299 + g * 587 + b * 114 > 150_000
}

impl Tones {
    fn of(color: &str) -> Tones {
        let light = is_light(color);
        Tones {
            base: color.to_owned(),
            edge: mix(color, BLACK, if light { 320 } else { 450 }),
            detail: if light {
                mix(color, BLACK, 220)
            } else {
                mix(color, WHITE, 160)
            },
            inside: mix(color, BLACK, 550),
            light: mix(color, WHITE, 500),
            mid: mix(color, BLACK, 280),
            ink: if light { "#2c2d30" } else { "#f1ede4" }.to_owned(),
        }
    }

    fn fill(&self, text: &str) -> String {
        text.replace("$b", &self.base)
            .replace("$e", &self.edge)
            .replace("$d", &self.detail)
            .replace("$k", &self.inside)
            .replace("$l", &self.light)
            .replace("$m", &self.mid)
            .replace("$p", &self.ink)
            .replace("$t", BACKDROP_TOP)
            .replace("$u", BACKDROP_FOOT)
    }
}

/// One drawing, in a 600 × 600 frame, with colour tokens.
#[derive(Default)]
struct Sketch {
    /// Drawn first, in its own colours.
    behind: String,
    /// The item's body: filled in the product's colour, outlined, shaded.
    body: String,
    /// Whether the body is knitted (ribbing over all of it).
    ribbed: bool,
    /// Seams and stitching, stroked.
    seams: String,
    /// Parts in their own colours, drawn last.
    parts: String,
    /// The contact shadow: centre x, y and half width (0: none, the item casts its own).
    ground: (u32, u32, u32),
    /// The detail view's centre and zoom.
    focus: (u32, u32, f64),
    /// Whether the back view mirrors the front (an item with no back of its own).
    mirrored: bool,
}

impl Sketch {
    fn markup(&self) -> String {
        let (cx, cy, rx) = self.ground;
        // A flat thing (rx 0) casts its own drop shadow instead.
        let mut out = if rx == 0 {
            String::new()
        } else {
            format!(
                r##"<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{}" fill="url(#c)"/>"##,
                rx / 9 + 8
            )
        };
        out.push_str(&self.behind);
        if !self.body.is_empty() {
            out.push_str(
                r##"<g fill="$b" stroke="$e" stroke-width="3" stroke-linejoin="round"><g id="b">"##,
            );
            out.push_str(&self.body);
            out.push_str(r##"</g></g><use href="#b" fill="url(#s)" stroke="none"/><use href="#b" fill="url(#v)" stroke="none"/>"##);
            if self.ribbed {
                out.push_str(r##"<use href="#b" fill="url(#r)" stroke="none"/>"##);
            }
        }
        if !self.seams.is_empty() {
            out.push_str(
                r##"<g fill="none" stroke="$d" stroke-width="3" stroke-linecap="round">"##,
            );
            out.push_str(&self.seams);
            out.push_str("</g>");
        }
        out.push_str(&self.parts);
        out
    }
}

fn tee(long: bool, back: bool) -> Sketch {
    let neck = if back { "Q300 116" } else { "Q300 150" };
    let body = if long {
        format!(
            "<path d=\"M255 100{neck} 345 100L395 112Q444 128 456 200L478 438L434 446L404 252L400 498Q300 508 200 498L196 252L166 446L122 438L144 200Q156 128 205 112Z\"/><path d=\"M122 438L166 446L164 478L120 472ZM478 438L434 446L436 478L480 472Z\"/>"
        )
    } else {
        format!(
            "<path d=\"M255 100{neck} 345 100L395 112L470 172L432 240L399 220L400 498Q300 508 200 498L201 220L168 240L130 172L205 112Z\"/>"
        )
    };
    let seams = if long {
        r##"<path d="M205 112Q218 182 196 252M395 112Q382 182 404 252M201 486Q300 496 399 486"/><path d="M150 300Q164 312 178 302M450 300Q436 312 422 302M246 300Q262 390 244 480M356 330Q344 400 358 480" stroke-opacity=".45"/>"##
    } else {
        r##"<path d="M142 166L180 232M458 166L420 232M205 112Q217 166 201 220M395 112Q383 166 399 220M201 486Q300 496 399 486"/><path d="M246 300Q262 390 244 480M356 330Q344 400 358 480" stroke-opacity=".45"/>"##
    };
    let collar = if back {
        r##"<path d="M255 100Q300 116 345 100L352 106Q300 128 248 106Z" fill="$m"/>"##
    } else {
        r##"<path d="M255 100Q300 122 345 100Q300 150 255 100Z" fill="$k"/><path d="M255 100Q300 150 345 100L353 104Q300 166 247 104Z" fill="$b" stroke="$e" stroke-width="2"/>"##
    };
    let mut parts = collar.to_owned();
    if long {
        parts.push_str(r##"<path d="M122 438L166 446L164 478L120 472ZM478 438L434 446L436 478L480 472Z" fill="url(#r)"/>"##);
    }
    Sketch {
        body,
        seams: seams.to_owned(),
        parts,
        ground: (300, 506, 190),
        focus: if long {
            (160, 420, 2.4)
        } else {
            (320, 190, 2.2)
        },
        ..Sketch::default()
    }
}

#[derive(PartialEq)]
enum Hood {
    Pullover,
    Zip,
    Cropped,
    Crest,
}

fn hoodie(kind: Hood, back: bool) -> Sketch {
    let hem = if kind == Hood::Cropped {
        "L406 400H194"
    } else {
        "L404 470H196"
    };
    let mut body = format!(
        "<path d=\"M222 150Q200 52 300 46Q400 52 378 150Z\"/><path d=\"M232 118Q300 150 368 118L402 128Q450 140 462 210L486 432L442 440L410 262{hem}L190 262L158 440L114 432L138 210Q150 140 198 128Z\"/><path d=\"M114 432L158 440L156 474L112 468ZM486 432L442 440L444 474L488 468Z\"/>"
    );
    let mut ribs =
        String::from("M114 432L158 440L156 474L112 468ZM486 432L442 440L444 474L488 468Z");
    if kind != Hood::Cropped {
        body.push_str("<path d=\"M196 468H404L402 504H198Z\"/>");
        ribs.push_str("M196 468H404L402 504H198Z");
    }
    let mut seams = String::from(
        r##"<path d="M198 128Q216 200 190 262M402 128Q384 200 410 262"/><path d="M142 300Q160 312 174 300M458 300Q440 312 426 300M240 300Q254 380 238 450M362 320Q350 390 364 450" stroke-opacity=".45"/>"##,
    );
    let mut parts = format!(r##"<path d="{ribs}" fill="url(#r)"/>"##);
    if back {
        parts.push_str(r##"<path d="M224 124Q212 48 300 44Q388 48 376 124Q346 214 300 232Q254 214 224 124Z" fill="$b" stroke="$e" stroke-width="3"/><path d="M224 124Q212 48 300 44Q388 48 376 124Q346 214 300 232Q254 214 224 124Z" fill="url(#s)"/><path d="M300 46V230" fill="none" stroke="$d" stroke-width="3"/>"##);
    } else {
        parts.push_str(r##"<path d="M246 128Q246 72 300 70Q354 72 354 128Q330 166 300 172Q270 166 246 128Z" fill="$k" stroke="$b" stroke-width="14"/><path d="M238 128Q236 62 300 60Q364 62 362 128Q334 178 300 182Q266 178 238 128Z" fill="none" stroke="$e" stroke-width="2"/>"##);
        match kind {
            Hood::Zip => {
                seams.push_str(r##"<path d="M232 372L252 452M368 372L348 452" stroke-width="6" stroke="$k"/>"##);
                parts.push_str(r##"<path d="M300 180V504" stroke="#8d9298" stroke-width="8"/><path d="M300 180V504" stroke="#d3d6da" stroke-width="4" stroke-dasharray="2 3"/><rect x="294" y="184" width="12" height="30" rx="4" fill="#b9bdc2" stroke="#6f747a" stroke-width="2"/><path d="M285 180Q282 220 280 250M315 180Q318 220 320 250" fill="none" stroke="$l" stroke-width="5" stroke-linecap="round"/>"##);
            }
            Hood::Cropped => {
                seams.push_str(r##"<path d="M196 392H404" stroke-dasharray="5 5"/>"##);
                parts.push_str(r##"<path d="M285 174Q282 220 286 250M315 174Q318 220 314 250" fill="none" stroke="$l" stroke-width="5" stroke-linecap="round"/>"##);
            }
            Hood::Pullover | Hood::Crest => {
                parts.push_str(r##"<path d="M226 350H374L398 458H202Z" fill="$b" stroke="$e" stroke-width="3"/><path d="M226 350H374L398 458H202Z" fill="url(#v)"/><path d="M226 350L202 458M374 350L398 458" stroke="$k" stroke-width="6"/><path d="M285 174Q282 220 286 250M315 174Q318 220 314 250" fill="none" stroke="$l" stroke-width="5" stroke-linecap="round"/><circle cx="286" cy="254" r="5" fill="#b9bdc2"/><circle cx="314" cy="254" r="5" fill="#b9bdc2"/>"##);
                if kind == Hood::Crest {
                    parts.push_str(r##"<g transform="translate(356 232)"><path d="M-22-24H22V2Q22 20 0 30Q-22 20-22 2Z" fill="$p" stroke="#c9a64a" stroke-width="4"/><path d="M-12 8 0-12 12 8Z" fill="$b"/></g>"##);
                }
            }
        }
    }
    Sketch {
        body,
        seams,
        parts,
        ground: (300, 506, 200),
        focus: match kind {
            Hood::Zip => (300, 190, 2.3),
            _ => (300, 170, 2.1),
        },
        ..Sketch::default()
    }
}

fn logo_tee(front: &str, back: bool) -> Sketch {
    let mut sketch = tee(false, back);
    if !back {
        sketch.parts.push_str(front);
    }
    sketch
}

fn cap(trucker: bool, back: bool) -> Sketch {
    if back {
        return Sketch {
            body: r##"<path d="M170 322Q300 300 430 322L440 346Q300 356 160 346Z"/><path d="M160 332Q162 168 300 162Q438 168 440 332Z"/>"##.to_owned(),
            seams: r##"<path d="M300 164V282M300 164Q226 196 214 330M300 164Q374 196 386 330"/>"##.to_owned(),
            parts: r##"<path d="M246 334Q246 278 300 278Q354 278 354 334Z" fill="$k"/><rect x="236" y="316" width="128" height="16" rx="4" fill="$m"/><rect x="282" y="312" width="24" height="24" rx="3" fill="none" stroke="#c9a64a" stroke-width="5"/><circle cx="300" cy="162" r="11" fill="$b" stroke="$e" stroke-width="2"/>"##.to_owned(),
            ground: (300, 352, 170),
            focus: (300, 300, 2.2),
            ..Sketch::default()
        };
    }
    let mut parts = String::from(
        r##"<circle cx="300" cy="162" r="11" fill="$b" stroke="$e" stroke-width="2"/><circle cx="238" cy="214" r="5" fill="$k"/><circle cx="362" cy="214" r="5" fill="$k"/>"##,
    );
    if trucker {
        parts.push_str(r##"<g fill="#34383e"><path d="M160 332Q162 196 226 176Q206 250 212 332Z"/><path d="M440 332Q438 196 374 176Q394 250 388 332Z"/><path d="M146 330Q300 302 454 330Q474 392 300 408Q126 392 146 330Z"/></g><path d="M160 332Q162 196 226 176Q206 250 212 332ZM440 332Q438 196 374 176Q394 250 388 332Z" fill="url(#r)"/><rect x="250" y="226" width="100" height="62" rx="10" fill="$p"/><path d="M272 276 292 246 302 258 310 250 328 276Z" fill="$b"/>"##);
    } else {
        parts.push_str(&format!(
            r##"<path transform="translate(300 268)" d="{MARK}" fill="$p"/>"##
        ));
    }
    Sketch {
        body: r##"<path d="M160 332Q162 168 300 162Q438 168 440 332Z"/><path d="M146 330Q300 302 454 330Q474 392 300 408Q126 392 146 330Z"/>"##.to_owned(),
        seams: r##"<path d="M300 164V312M300 164Q226 196 214 320M300 164Q374 196 386 320"/><path d="M168 346Q300 322 432 346M164 362Q300 338 436 362" stroke-dasharray="6 6"/>"##.to_owned(),
        parts,
        ground: (300, 404, 190),
        focus: (300, 262, 2.2),
        ..Sketch::default()
    }
}

fn bucket_hat() -> Sketch {
    Sketch {
        body: r##"<path d="M206 318L222 188Q300 166 378 188L394 318Z"/><path d="M204 310Q300 334 396 310L470 386Q300 436 130 386Z"/>"##.to_owned(),
        seams: r##"<path d="M222 188Q300 210 378 188M210 282Q300 300 390 282"/><path d="M160 380Q300 420 440 380M182 360Q300 396 418 360" stroke-dasharray="6 6"/>"##.to_owned(),
        parts: r##"<circle cx="250" cy="230" r="5" fill="$k"/><circle cx="350" cy="230" r="5" fill="$k"/>"##.to_owned(),
        ground: (300, 420, 190),
        focus: (300, 340, 2.0),
        mirrored: true,
        ..Sketch::default()
    }
}

fn beanie(pom: bool) -> Sketch {
    let mut parts = String::from(
        r##"<path d="M156 330Q156 320 166 320H434Q444 320 444 330V412Q444 422 434 422H166Q156 422 156 412Z" fill="$b" stroke="$e" stroke-width="3"/><path d="M156 330Q156 320 166 320H434Q444 320 444 330V412Q444 422 434 422H166Q156 422 156 412Z" fill="url(#r)"/><path d="M156 330Q156 320 166 320H434Q444 320 444 330V412Q444 422 434 422H166Q156 422 156 412Z" fill="url(#s)"/><rect x="280" y="352" width="40" height="26" rx="3" fill="#f1ede4"/><path transform="translate(300 366) scale(.6)" d="M-20 10-6-12 2-2 8-9 20 10Z" fill="#2c2d30"/>"##,
    );
    if pom {
        parts.push_str(r##"<circle cx="300" cy="128" r="46" fill="$b" stroke="$l" stroke-width="16" stroke-dasharray="2 6" stroke-linecap="round"/><circle cx="300" cy="128" r="52" fill="url(#s)"/>"##);
    }
    Sketch {
        body: r##"<path d="M178 336Q178 150 300 148Q422 150 422 336Z"/>"##.to_owned(),
        ribbed: true,
        seams: r##"<path d="M300 150V176M260 156 270 180M340 156 330 180" stroke-opacity=".6"/>"##
            .to_owned(),
        parts,
        ground: (300, 420, 170),
        focus: (300, 360, 2.2),
        mirrored: true,
        ..Sketch::default()
    }
}

fn mug(enamel: bool) -> Sketch {
    let mut parts = String::from(r##"<ellipse cx="290" cy="208" rx="100" ry="15" fill="$k"/>"##);
    if enamel {
        parts.push_str(r##"<pattern id="p" width="41" height="31" patternUnits="userSpaceOnUse"><circle cx="5" cy="7" r="1.6"/><circle cx="27" cy="19" r="1.2"/><circle cx="15" cy="27" r="1"/></pattern><path d="M180 206V440Q180 472 212 472H368Q400 472 400 440V206Z" fill="url(#p)" opacity=".6"/><ellipse cx="290" cy="206" rx="110" ry="22" fill="none" stroke="#25334a" stroke-width="7"/><path d="M180 440Q180 472 212 472H368Q400 472 400 440" fill="none" stroke="#25334a" stroke-width="7"/>"##);
    } else {
        parts.push_str(r##"<path transform="translate(290 330) scale(1.6)" d="M-20 10-6-12 2-2 8-9 20 10Z" fill="$m" stroke="$d" stroke-width="1.5"/>"##);
    }
    Sketch {
        body: r##"<path d="M398 250Q470 250 470 320Q470 394 398 394V364Q440 364 440 320Q440 280 398 280Z"/><path d="M180 206V440Q180 472 212 472H368Q400 472 400 440V206Z"/><ellipse cx="290" cy="206" rx="110" ry="22"/>"##.to_owned(),
        parts,
        ground: (300, 470, 170),
        focus: (400, 300, 2.0),
        mirrored: true,
        ..Sketch::default()
    }
}

fn tumbler() -> Sketch {
    Sketch {
        body: r##"<path d="M222 150H378L366 488Q300 500 234 488Z"/>"##.to_owned(),
        seams: r##"<path d="M226 200H374" stroke-opacity=".5"/>"##.to_owned(),
        parts: r##"<path d="M236 466H364L366 488Q300 500 234 488Z" fill="#b9bdc2" stroke="#7d8288" stroke-width="2"/><path d="M214 118Q214 102 230 102H370Q386 102 386 118V152H214Z" fill="#2d3035"/><rect x="230" y="108" width="56" height="8" rx="4" fill="#0f1012"/><path d="M214 136H386" stroke="#494d53" stroke-width="3"/><path transform="translate(300 300) scale(1.3)" d="M-20 10-6-12 2-2 8-9 20 10Z" fill="$p" opacity=".85"/>"##.to_owned(),
        ground: (300, 490, 120),
        focus: (300, 150, 2.4),
        mirrored: true,
        ..Sketch::default()
    }
}

fn espresso() -> Sketch {
    let cup = |dx: i32| {
        format!(
            r##"<g transform="translate({dx} 0)"><ellipse cx="205" cy="436" rx="98" ry="22"/><path d="M268 344Q308 344 306 372Q304 400 262 398L264 386Q292 386 293 372Q294 356 270 356Z"/><path d="M140 332H270L262 402Q258 432 228 432H182Q152 432 148 402Z"/><ellipse cx="205" cy="332" rx="65" ry="12"/></g>"##
        )
    };
    Sketch {
        body: format!("{}{}", cup(0), cup(190)),
        parts: r##"<ellipse cx="205" cy="334" rx="56" ry="8" fill="#5b3622"/><ellipse cx="395" cy="334" rx="56" ry="8" fill="#5b3622"/>"##.to_owned(),
        ground: (300, 452, 230),
        focus: (205, 360, 2.2),
        mirrored: true,
        ..Sketch::default()
    }
}

/// A framed print: the frame, the mat and `art` drawn in a 192 × 300 window.
fn frame(art: &str, oak: bool) -> Sketch {
    let wood = if oak { "#b58a5c" } else { "#2a2a2b" };
    let mut parts = format!(
        r##"<rect x="160" y="66" width="280" height="436" fill="{wood}"/><rect x="160" y="66" width="280" height="436" fill="url(#s)"/><rect x="174" y="80" width="252" height="408" fill="#fbfaf6"/><svg x="204" y="108" width="192" height="300" viewBox="0 0 192 300">{art}</svg><path d="M174 80H426V488" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="4"/>"##
    );
    if oak {
        parts.push_str(r##"<path d="M330 452q8-16 14-2t14-2 10-6 22 4M224 450h26" fill="none" stroke="#5a5e66" stroke-width="2"/>"##);
    }
    Sketch {
        parts,
        ground: (300, 504, 170),
        focus: (300, 300, 1.8),
        ..Sketch::default()
    }
}

fn poster(shape: Shape) -> Sketch {
    match shape {
        Shape::CityPoster => frame(
            r##"<rect width="192" height="300" fill="$k"/><circle cx="146" cy="64" r="16" fill="#f4ecd0"/><path d="M0 300V196H22V150H46V206H68V124H94V186H120V138H148V196H192V300Z" fill="$b"/><pattern id="q" width="12" height="14" patternUnits="userSpaceOnUse"><rect x="3" y="4" width="4" height="5" fill="#f2c14e"/></pattern><path id="y" d="M0 300V170H30V130H58V190H80V100H110V160H128V120H150V180H170V150H192V300Z" fill="$m"/><use href="#y" fill="url(#q)" opacity=".8"/>"##,
            false,
        ),
        Shape::WavePoster => frame(
            r##"<rect width="192" height="300" fill="#f4ecd0"/><circle cx="96" cy="150" r="56" fill="$l"/><path d="M0 180Q48 140 96 180T192 180V300H0Z" fill="$b"/><path d="M0 220Q48 180 96 220T192 220V300H0Z" fill="$m"/><path d="M0 260Q48 220 96 260T192 260V300H0Z" fill="$k"/>"##,
            false,
        ),
        Shape::ArtPrint => frame(
            r##"<rect width="192" height="300" fill="#f1ebe0"/><circle cx="66" cy="110" r="50" fill="$b"/><rect x="104" y="56" width="56" height="104" fill="$l"/><path d="M30 300V210A66 66 0 0 1 162 210V300Z" fill="$m"/>"##,
            true,
        ),
        _ => frame(
            r##"<rect width="192" height="300" fill="$l"/><circle cx="96" cy="150" r="46" fill="$b"/><path d="M0 300V200L60 128L106 190L138 160L192 226V300Z" fill="$m"/><path d="M0 300V246L70 188L128 246L192 212V300Z" fill="$k"/>"##,
            false,
        ),
    }
}

fn botanical() -> Sketch {
    let mut parts = String::new();
    for (i, x) in [92, 232, 372].into_iter().enumerate() {
        let tilt = [-20, 10, 35][i];
        parts.push_str(&format!(
            r##"<rect x="{x}" y="250" width="136" height="190" fill="#2a2a2b"/><rect x="{}" y="260" width="116" height="170" fill="#fbfaf6"/><g transform="translate({} 345) rotate({tilt})"><path d="M0 58Q44 0 0-58Q-44 0 0 58Z" fill="$b"/><path d="M0 58V-50M0 20 18 2M0 0-18-18M0-20 14-34" fill="none" stroke="$m" stroke-width="3"/></g>"##,
            x + 10,
            x + 68
        ));
    }
    Sketch {
        parts,
        ground: (300, 442, 230),
        focus: (300, 345, 2.0),
        ..Sketch::default()
    }
}

/// A die-cut sticker: `shape` in the colour with a white border and a soft shadow.
fn die_cut(path: &str, extra: &str) -> String {
    format!(
        r##"<path d="{path}" transform="translate(5 9)" stroke="#000" stroke-width="18" filter="url(#f)"/><path d="{path}" fill="$b" stroke="#fff" stroke-width="18" stroke-linejoin="round" paint-order="stroke"/>{extra}"##
    )
}

fn stickers(shape: Shape) -> Sketch {
    let parts = match shape {
        Shape::HoloSticker => format!(
            r##"<linearGradient id="h" x1="0" y1="0" x2="1" y2="1"><stop stop-color="$l"/><stop offset=".35" stop-color="#c9b6ff"/><stop offset=".6" stop-color="#9fe7f5"/><stop offset=".8" stop-color="#ffd4ec"/><stop offset="1" stop-color="$b"/></linearGradient>{}<path transform="translate(300 300) scale(3.4)" d="{MARK}" fill="#fff" opacity=".85"/>"##,
            die_cut(
                "M300 140A160 160 0 1 1 300 460A160 160 0 1 1 300 140Z",
                r##"<circle cx="300" cy="300" r="160" fill="url(#h)"/>"##
            )
        ),
        Shape::StickerSheet => {
            let mut cells = String::from(
                r##"<rect x="170" y="76" width="260" height="420" fill="#000" filter="url(#f)"/><rect x="166" y="70" width="260" height="420" fill="#fdfcf9" stroke="#e2ded6"/>"##,
            );
            for row in 0..4 {
                for col in 0..3 {
                    let (x, y) = (216 + col * 80, 124 + row * 100);
                    let fill = ["$b", "$m", "$l"][(row + col) % 3];
                    if (row + col) % 2 == 0 {
                        cells.push_str(&format!(
                            r##"<circle cx="{x}" cy="{y}" r="30" fill="{fill}" stroke="#e4e0d8" stroke-width="3"/>"##
                        ));
                    } else {
                        cells.push_str(&format!(
                            r##"<rect x="{}" y="{}" width="56" height="56" rx="12" fill="{fill}" stroke="#e4e0d8" stroke-width="3"/>"##,
                            x - 28,
                            y - 28
                        ));
                    }
                }
            }
            cells
        }
        Shape::FoxSticker => die_cut(
            "M300 476L186 334L168 170L246 246Q300 226 354 246L432 170L414 334Z",
            r##"<path d="M300 476L214 366Q258 384 300 376Q342 384 386 366Z" fill="#fff"/><path d="M180 196L232 248L196 286ZM420 196L368 248L404 286Z" fill="$k"/><circle cx="256" cy="318" r="10" fill="#2b2b2b"/><circle cx="344" cy="318" r="10" fill="#2b2b2b"/><path d="M286 440H314L300 458Z" fill="#2b2b2b"/>"##,
        ),
        Shape::StickerBag => format!(
            r##"<rect x="196" y="140" width="216" height="346" fill="#000" filter="url(#f)"/><g stroke="#fff" stroke-width="8"><circle cx="260" cy="300" r="50" fill="$b"/><rect x="300" y="230" width="80" height="80" rx="14" fill="#7fb2d9" transform="rotate(12 340 270)"/><circle cx="340" cy="390" r="46" fill="#d4a017"/><rect x="218" y="370" width="74" height="74" rx="14" fill="$m"/></g><path d="M192 136H408V482H192Z" fill="#fff" fill-opacity=".35" stroke="#d6d2ca" stroke-width="3"/><path d="M192 136H408V170H192Z" fill="$b"/><path d="M192 176H408" stroke="#cfcac1" stroke-width="3"/><rect x="256" y="200" width="88" height="20" rx="4" fill="#fff"/><path transform="translate(300 300) scale(1.3)" d="{MARK}" fill="$p"/>"##
        ),
        _ => format!(
            r##"<g transform="translate(36 34)">{}{}{}</g>"##,
            die_cut(
                "M226 150A80 80 0 1 1 226 310A80 80 0 1 1 226 150Z",
                &format!(
                    r##"<path transform="translate(226 236) scale(2)" d="{MARK}" fill="$p"/>"##
                )
            ),
            die_cut(
                "M340 190H446Q466 190 466 210V316Q466 336 446 336H340Q320 336 320 316V210Q320 190 340 190Z",
                r##"<circle cx="393" cy="263" r="38" fill="none" stroke="$p" stroke-width="8"/>"##
            ),
            die_cut(
                "M232 350H372L400 420L302 470L204 420Z",
                r##"<path d="M250 410 300 370 350 410" fill="none" stroke="$p" stroke-width="10" stroke-linecap="round"/>"##
            ),
        ),
    };
    Sketch {
        parts,
        ground: (300, 500, 0),
        focus: (300, 300, 1.9),
        mirrored: true,
        ..Sketch::default()
    }
}

fn bag(shape: Shape) -> Sketch {
    match shape {
        Shape::Backpack => Sketch {
            behind: r##"<path d="M216 160Q192 280 204 420M384 160Q408 280 396 420" fill="none" stroke="$k" stroke-width="18" stroke-linecap="round"/>"##.to_owned(),
            body: r##"<path d="M196 150Q196 128 218 128H382Q404 128 404 150V470Q404 500 374 500H226Q196 500 196 470Z"/><path d="M190 94Q190 82 202 82H398Q410 82 410 94V140Q410 150 398 150H202Q190 150 190 140Z"/><path d="M218 318H382V458Q382 476 364 476H236Q218 476 218 458Z"/>"##.to_owned(),
            seams: r##"<path d="M196 104H404M196 124H404M226 338H374"/>"##.to_owned(),
            parts: r##"<rect x="288" y="84" width="24" height="168" fill="$k"/><rect x="282" y="226" width="36" height="28" rx="5" fill="#2a2b2e"/><rect x="356" y="332" width="8" height="22" rx="2" fill="#9aa0a6"/>"##.to_owned(),
            ground: (300, 500, 150),
            focus: (300, 240, 2.1),
            mirrored: true,
            ..Sketch::default()
        },
        Shape::GymBag => Sketch {
            body: r##"<path d="M186 160Q300 178 414 160L432 488Q300 500 168 488Z"/>"##.to_owned(),
            seams: r##"<path d="M186 194Q300 210 414 194"/><path d="M220 168 226 194M262 172V198M300 174V200M338 172V198M380 168 374 194" stroke-opacity=".6"/>"##.to_owned(),
            parts: format!(
                r##"<path d="M198 178Q176 330 180 480M402 178Q424 330 420 480M290 176Q300 140 310 176" fill="none" stroke="#ece7dc" stroke-width="7" stroke-linecap="round"/><circle cx="182" cy="480" r="8" fill="#b9bdc2"/><circle cx="418" cy="480" r="8" fill="#b9bdc2"/><path transform="translate(300 330) scale(1.8)" d="{MARK}" fill="$p"/>"##
            ),
            ground: (300, 492, 150),
            focus: (300, 190, 2.2),
            mirrored: true,
            ..Sketch::default()
        },
        Shape::Crossbody => Sketch {
            behind: r##"<path d="M214 296C176 40 424 40 386 296" fill="none" stroke="$k" stroke-width="12"/><rect x="360" y="140" width="26" height="18" rx="3" fill="#b9bdc2" transform="rotate(30 373 149)"/>"##.to_owned(),
            body: r##"<path d="M196 300Q196 280 216 280H384Q404 280 404 300V420Q404 442 384 442H216Q196 442 196 420Z"/>"##.to_owned(),
            seams: r##"<path d="M212 306H388M212 372H388" stroke="#8d9298" stroke-width="5"/>"##.to_owned(),
            parts: r##"<rect x="366" y="300" width="8" height="22" rx="2" fill="#b9bdc2"/><rect x="366" y="366" width="8" height="22" rx="2" fill="#b9bdc2"/><rect x="202" y="284" width="14" height="16" rx="3" fill="$k"/><rect x="384" y="284" width="14" height="16" rx="3" fill="$k"/>"##.to_owned(),
            ground: (300, 442, 150),
            focus: (300, 330, 2.2),
            mirrored: true,
            ..Sketch::default()
        },
        Shape::Duffel => Sketch {
            behind: r##"<path d="M236 214C236 118 364 118 364 214" fill="none" stroke="#5a3a22" stroke-width="16"/>"##.to_owned(),
            body: r##"<path d="M110 262Q110 206 166 206H434Q490 206 490 262V432Q490 462 460 462H140Q110 462 110 432Z"/>"##.to_owned(),
            seams: r##"<path d="M150 226H450" stroke="#8d9298" stroke-width="6" stroke-dasharray="3 2"/><path d="M160 210V458M440 210V458" stroke-opacity=".6"/>"##.to_owned(),
            parts: r##"<path d="M110 262Q110 206 160 206V258H110ZM490 262Q490 206 440 206V258H490ZM110 410H160V462H140Q110 462 110 432ZM490 410H440V462H460Q490 462 490 432Z" fill="#6b4528"/><rect x="226" y="206" width="24" height="40" rx="4" fill="#6b4528"/><rect x="350" y="206" width="24" height="40" rx="4" fill="#6b4528"/><rect x="420" y="220" width="10" height="20" rx="2" fill="#b9bdc2"/>"##.to_owned(),
            ground: (300, 462, 220),
            focus: (250, 230, 2.2),
            mirrored: true,
            ..Sketch::default()
        },
        Shape::GiftBox => Sketch {
            body: r##"<path d="M172 262H428V492H172Z"/><path d="M156 212H444V268H156Z"/>"##.to_owned(),
            parts: r##"<path d="M284 212H316V492H284Z" fill="#f4ecd0"/><path d="M300 212C236 150 222 204 300 212C378 204 364 150 300 212Z" fill="#f4ecd0" stroke="#d6ccb0" stroke-width="3"/><path d="M156 268H444" stroke="#000" stroke-opacity=".15" stroke-width="4"/>"##.to_owned(),
            ground: (300, 492, 170),
            focus: (300, 230, 2.0),
            mirrored: true,
            ..Sketch::default()
        },
        _ => Sketch {
            behind: r##"<path d="M244 226C244 100 356 100 356 226" fill="none" stroke="$k" stroke-width="16"/>"##.to_owned(),
            body: r##"<path d="M168 222H432L446 500H154Z"/>"##.to_owned(),
            seams: r##"<path d="M168 248H432" stroke-dasharray="6 5"/>"##.to_owned(),
            parts: format!(
                r##"<path d="M222 262C222 70 378 70 378 262" fill="none" stroke="$m" stroke-width="18"/><path d="M222 262C222 70 378 70 378 262" fill="none" stroke="#fff" stroke-opacity=".15" stroke-width="6"/><path transform="translate(300 380) scale(2)" d="{MARK}" fill="$p"/>"##
            ),
            ground: (300, 500, 170),
            focus: (300, 250, 2.2),
            mirrored: true,
            ..Sketch::default()
        },
    }
}

fn accessory(shape: Shape) -> Sketch {
    match shape {
        Shape::Patch => Sketch {
            parts: r##"<circle cx="305" cy="309" r="150" fill="#000" filter="url(#f)"/><circle cx="300" cy="300" r="150" fill="$b"/><circle cx="300" cy="300" r="150" fill="url(#s)"/><circle cx="300" cy="300" r="143" fill="none" stroke="$m" stroke-width="16"/><circle cx="300" cy="300" r="143" fill="none" stroke="$l" stroke-width="14" stroke-dasharray="2 3" opacity=".6"/><circle cx="340" cy="246" r="26" fill="#f2c14e"/><path d="M190 360 262 250 300 300 334 264 410 360Z" fill="#f1ede4"/><path d="M190 360 262 250 274 266 250 360Z" fill="#fff" opacity=".5"/><path d="M182 360H418" stroke="$l" stroke-width="8"/>"##
                .to_owned(),
            ground: (300, 450, 0),
            focus: (300, 300, 2.0),
            mirrored: true,
            ..Sketch::default()
        },
        Shape::Lanyard => Sketch {
            parts: r##"<path d="M288 420C190 300 150 110 300 84C450 110 410 300 312 420" fill="none" stroke="$b" stroke-width="26"/><path d="M288 420C190 300 150 110 300 84C450 110 410 300 312 420" fill="none" stroke="$d" stroke-width="22" stroke-dasharray="2 5" opacity=".55"/><path d="M282 412H318V440H282Z" fill="#b9bdc2" stroke="#7d8288" stroke-width="2"/><circle cx="300" cy="456" r="11" fill="none" stroke="#8d9298" stroke-width="5"/><path d="M290 468Q274 502 300 518Q326 502 310 468Z" fill="#c3c7cc" stroke="#7d8288" stroke-width="2"/>"##.to_owned(),
            ground: (300, 520, 60),
            focus: (300, 430, 2.4),
            mirrored: true,
            ..Sketch::default()
        },
        Shape::PhoneCase => Sketch {
            body: r##"<path d="M222 96Q222 70 248 70H352Q378 70 378 96V484Q378 510 352 510H248Q222 510 222 484Z"/>"##.to_owned(),
            parts: format!(
                r##"<rect x="376" y="170" width="7" height="44" rx="3" fill="$m"/><rect x="238" y="86" width="74" height="74" rx="20" fill="$k"/><g fill="#1c1c1e" stroke="#55585e" stroke-width="3"><circle cx="260" cy="108" r="13"/><circle cx="260" cy="140" r="13"/><circle cx="290" cy="124" r="13"/></g><path transform="translate(300 300) scale(1.6)" d="{MARK}" fill="$m"/>"##
            ),
            ground: (300, 510, 110),
            focus: (275, 125, 2.4),
            mirrored: true,
            ..Sketch::default()
        },
        Shape::Socks => {
            let sock = "M214 92H300V330Q300 370 340 388L404 414Q440 430 428 470Q416 500 376 492L256 462Q208 448 210 400Z";
            Sketch {
                behind: format!(
                    r##"<path transform="translate(-64 -8)" d="{sock}" fill="$m" stroke="$e" stroke-width="3"/>"##
                ),
                body: format!(r##"<path d="{sock}"/>"##),
                parts: format!(
                    r##"<path d="M214 92H300V142H214Z" fill="url(#r)"/><path d="M210 396Q208 450 256 462L270 416Q240 404 238 376Z" fill="$m"/><path d="M404 414Q440 430 428 470Q416 500 376 492L394 430Z" fill="$m"/><path transform="translate(257 230) scale(1.3)" d="{MARK}" fill="$p"/>"##
                ),
                ground: (290, 496, 190),
                focus: (257, 200, 2.2),
                mirrored: true,
                ..Sketch::default()
            }
        }
        Shape::Screen => Sketch {
            parts: r##"<linearGradient id="g" x2="0" y2="1"><stop stop-color="$l"/><stop offset="1" stop-color="$b"/></linearGradient><rect x="140" y="130" width="300" height="220" rx="12" fill="#2b2d31"/><rect x="152" y="142" width="276" height="196" fill="url(#g)"/><path d="M152 270Q220 230 290 270T428 270V338H152Z" fill="$m"/><path d="M152 300Q220 260 290 300T428 300V338H152Z" fill="$k"/><path d="M110 350H470L452 380H128Z" fill="#c8cbd0" stroke="#9a9ea4" stroke-width="2"/><rect x="400" y="250" width="84" height="170" rx="14" fill="#2b2d31"/><rect x="407" y="262" width="70" height="146" rx="6" fill="url(#g)"/><path d="M407 360Q440 340 477 360V402Q477 408 471 408H413Q407 408 407 402Z" fill="$k"/>"##.to_owned(),
            ground: (290, 386, 210),
            focus: (440, 330, 2.0),
            ..Sketch::default()
        },
        _ => Sketch {
            behind: r##"<rect x="156" y="126" width="300" height="350" fill="#000" filter="url(#f)"/><rect x="150" y="118" width="300" height="350" rx="6" fill="#d9c7a5"/><rect x="275" y="134" width="50" height="12" rx="6" fill="#efebe4"/>"##.to_owned(),
            parts: format!(
                r##"<g fill="$b" stroke="#c9a64a" stroke-width="7"><circle cx="232" cy="240" r="52"/><path d="M370 184 420 212V268L370 296 320 268V212Z"/><path d="M248 340H352V392Q352 430 300 446Q248 430 248 392Z"/></g><g fill="#fff" opacity=".35"><path d="M200 220Q214 196 240 194L236 206Q218 210 210 226Z"/></g><path transform="translate(232 246) scale(1.4)" d="{MARK}" fill="#c9a64a"/><circle cx="370" cy="240" r="20" fill="#f1ede4" stroke="#c9a64a" stroke-width="5"/><path d="M272 400 300 368 328 400" fill="none" stroke="#c9a64a" stroke-width="7"/>"##
            ),
            ground: (300, 468, 0),
            focus: (232, 240, 2.4),
            mirrored: true,
            ..Sketch::default()
        },
    }
}

fn sketch(shape: Shape, back: bool) -> Sketch {
    const LOGO: &str =
        r##"<path transform="translate(346 196)" d="M-20 10-6-12 2-2 8-9 20 10Z" fill="$p"/>"##;
    match shape {
        Shape::Tshirt => logo_tee(LOGO, back),
        Shape::PlainTee => tee(false, back),
        Shape::PocketTee => logo_tee(
            r##"<path d="M322 170H372V218Q347 228 322 218Z" fill="$b" stroke="$e" stroke-width="3"/><path d="M322 178H372" stroke="$d" stroke-width="3" stroke-dasharray="5 4"/>"##,
            back,
        ),
        Shape::RocketTee => logo_tee(
            r##"<g transform="translate(300 280)" fill="$p"><path d="M0-66C20-44 20 10 13 32H-13C-20 10-20-44 0-66Z"/><path d="M-13 6-30 40-13 32ZM13 6 30 40 13 32Z"/><path d="M-8 34Q0 70 8 34Z" fill="#f2c14e"/><circle cy="-24" r="8" fill="$b"/><circle cx="-58" cy="-40" r="4"/><circle cx="52" cy="-56" r="3"/><circle cx="60" cy="10" r="4"/><circle cx="-48" cy="30" r="3"/></g>"##,
            back,
        ),
        Shape::LongSleeve => tee(true, back),
        Shape::Hoodie => hoodie(Hood::Pullover, back),
        Shape::ZipHoodie => hoodie(Hood::Zip, back),
        Shape::CroppedHoodie => hoodie(Hood::Cropped, back),
        Shape::CrestHoodie => hoodie(Hood::Crest, back),
        Shape::Cap => cap(false, back),
        Shape::TruckerCap => cap(true, back),
        Shape::BucketHat => bucket_hat(),
        Shape::Beanie => beanie(false),
        Shape::PomBeanie => beanie(true),
        Shape::Mug => mug(false),
        Shape::EnamelMug => mug(true),
        Shape::Tumbler => tumbler(),
        Shape::EspressoCups => espresso(),
        Shape::Poster | Shape::CityPoster | Shape::WavePoster | Shape::ArtPrint => poster(shape),
        Shape::BotanicalSet => botanical(),
        Shape::Sticker
        | Shape::HoloSticker
        | Shape::StickerSheet
        | Shape::FoxSticker
        | Shape::StickerBag => stickers(shape),
        Shape::Bag
        | Shape::Backpack
        | Shape::GymBag
        | Shape::Crossbody
        | Shape::Duffel
        | Shape::GiftBox => bag(shape),
        Shape::Pin
        | Shape::Patch
        | Shape::Lanyard
        | Shape::PhoneCase
        | Shape::Socks
        | Shape::Screen => accessory(shape),
    }
}

/// The item as drawn in `view`, in its 600 × 600 frame, without the backdrop.
fn item(shape: Shape, view: View) -> String {
    match view {
        View::Front => sketch(shape, false).markup(),
        View::Back => {
            let front = sketch(shape, false);
            let back = sketch(shape, true).markup();
            if back != front.markup() {
                back
            } else if front.mirrored {
                // No back of its own: the other side.
                format!(r##"<g transform="matrix(-1 0 0 1 600 0)">{back}</g>"##)
            } else {
                // A flat thing: turned a little, as if seen from the side.
                format!(r##"<g transform="matrix(.84 .06 0 1 48 -18)">{back}</g>"##)
            }
        }
        View::Detail => {
            let front = sketch(shape, false);
            let (x, y, zoom) = front.focus;
            format!(
                r##"<g transform="matrix({zoom} 0 0 {zoom} {:.0} {:.0})">{}</g>"##,
                300.0 - zoom * f64::from(x),
                300.0 - zoom * f64::from(y),
                front.markup()
            )
        }
    }
}

/// The studio shot of `shape` in `color` (`#rrggbb`), seen in `view`: 600 × 600, no text.
pub fn illustration(shape: Shape, view: View, color: &str) -> String {
    let svg = format!(
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">"##,
            "{defs}",
            // Drawn a little larger than the sketches: the item fills the frame as in a shop's
            // photos, its shadow well above the foot.
            r##"<rect width="600" height="600" fill="url(#w)"/><g transform="matrix(1.08 0 0 1.08 -24 -22)">{item}</g></svg>"##
        ),
        defs = DEFS,
        item = item(shape, view),
    );
    Tones::of(color).fill(&svg)
}

/// A picture for the home page (a slide, a banner, a tile, the film's poster): the studio
/// shot of `shape` in `color` on a backdrop tinted `background`, no text (the page writes the
/// words). A wide picture shows a pair, the item and a darker one of the same kind behind
/// it (stickers stay alone), on the right when it is a slide or the film (the words go on the left) and centred
/// otherwise; a square one shows the item alone.
pub fn banner(shape: Shape, color: &str, background: &str, width: u32, height: u32) -> String {
    let (w, h) = (f64::from(width), f64::from(height));
    let scale = w.min(h) / 600.0 * 0.96;
    let centre = if w >= h * 1.7 {
        w * 0.72
    } else {
        w / 2.0 + if w > h { w * 0.08 } else { 0.0 }
    };
    let y = h - 600.0 * scale;
    let placed = |item: &str, centre: f64, scale: f64, y: f64| {
        format!(
            r##"<g transform="matrix({scale:.4} 0 0 {scale:.4} {:.1} {y:.1})">{item}</g>"##,
            centre - 300.0 * scale
        )
    };
    let mut items = String::new();
    // Stickers lie flat: a second set would only clutter them.
    if w > h && shape.name() != "sticker" {
        let second = scale * 0.84;
        let partner = Tones::of(&mix(color, BLACK, 420)).fill(
            &item(shape, View::Front)
                .replace("id=\"b\"", "id=\"a\"")
                .replace("#b\"", "#a\""),
        );
        items.push_str(&placed(
            &partner,
            centre - 600.0 * scale * 0.42,
            second,
            h - 600.0 * second - h * 0.04,
        ));
    }
    items.push_str(&placed(
        &Tones::of(color).fill(&item(shape, View::Front)),
        centre,
        scale,
        y,
    ));
    let foot = mix(background, BLACK, 70);
    format!(
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">"##,
            "{defs}",
            r##"<rect width="{w}" height="{h}" fill="url(#w)"/>{items}</svg>"##
        ),
        w = width,
        h = height,
        defs = DEFS.replace("$t", background).replace("$u", &foot),
        items = items,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Shape; 40] = [
        Shape::Tshirt,
        Shape::PlainTee,
        Shape::PocketTee,
        Shape::RocketTee,
        Shape::LongSleeve,
        Shape::Hoodie,
        Shape::ZipHoodie,
        Shape::CroppedHoodie,
        Shape::CrestHoodie,
        Shape::Cap,
        Shape::TruckerCap,
        Shape::BucketHat,
        Shape::Beanie,
        Shape::PomBeanie,
        Shape::Mug,
        Shape::EnamelMug,
        Shape::Tumbler,
        Shape::EspressoCups,
        Shape::Poster,
        Shape::CityPoster,
        Shape::WavePoster,
        Shape::ArtPrint,
        Shape::BotanicalSet,
        Shape::Sticker,
        Shape::HoloSticker,
        Shape::StickerSheet,
        Shape::FoxSticker,
        Shape::StickerBag,
        Shape::Bag,
        Shape::Backpack,
        Shape::GymBag,
        Shape::Crossbody,
        Shape::Duffel,
        Shape::GiftBox,
        Shape::Pin,
        Shape::Patch,
        Shape::Lanyard,
        Shape::PhoneCase,
        Shape::Socks,
        Shape::Screen,
    ];

    #[test]
    fn pictures_carry_the_colour_on_the_shared_backdrop_without_text() {
        for shape in ALL {
            for view in [View::Front, View::Back, View::Detail] {
                let svg = illustration(shape, view, "#1f2a44");
                assert!(svg.starts_with("<svg"), "{shape:?}");
                assert!(svg.contains(r##"width="600" height="600""##));
                assert!(svg.contains("#1f2a44"), "{shape:?} in its colour");
                assert!(svg.contains(BACKDROP_TOP) && svg.contains(BACKDROP_FOOT));
                assert!(!svg.contains('$'), "{shape:?}: a colour token left");
                assert!(!svg.contains("<text"), "{shape:?}");
            }
        }
        assert!(is_light("#f5f5f5") && !is_light("#1f1f1f"));
    }

    /// The views of a gallery differ from each other.
    #[test]
    fn views_differ() {
        for shape in ALL {
            let front = illustration(shape, View::Front, "#7a1f2b");
            assert_ne!(
                front,
                illustration(shape, View::Back, "#7a1f2b"),
                "{shape:?}"
            );
            assert_ne!(
                front,
                illustration(shape, View::Detail, "#7a1f2b"),
                "{shape:?}"
            );
        }
    }

    #[test]
    fn tones_follow_the_colour() {
        let dark = Tones::of("#1f1f1f");
        let light = Tones::of("#f5f5f2");
        assert_eq!(dark.ink, "#f1ede4");
        assert_eq!(light.ink, "#2c2d30");
        assert_eq!(mix("#000000", WHITE, 500), "#808080");
    }
}
