//! Shortcodes in content pages: `[name attr="value"]...[/name]`, the way Flatsome merchants
//! write accordions, tabs and the like. The sanitiser strips classes and data attributes from
//! what a merchant writes, so widget markup cannot be written directly; instead this module
//! reads the shortcodes, sends the text inside them through the page's own Markdown and
//! sanitiser, and wraps it in markup made here (`widgets.rs`), every attribute escaped.
//!
//! Reading is in two steps: [`tokens`] splits the source into text and tags, [`tree`] checks
//! the nesting and builds the tree. A page whose shortcodes are wrong is refused with the line
//! of the first mistake.
//!
//! `[word]` alone, when `word` is not a shortcode, stays text (Markdown links and `[sic]`
//! keep working); a tag with attributes or a closing tag that names no shortcode is refused.

use std::collections::HashSet;
use std::fmt;

use super::widgets;
use super::{SourceFormat, to_html};

/// How deep shortcodes may be nested (tabs holding an accordion holding a tooltip is 3).
pub const MAX_DEPTH: usize = 4;
/// The most shortcodes one page may hold.
pub const MAX_SHORTCODES: usize = 300;
/// The most items one accordion or tab group may hold.
pub const MAX_ITEMS: usize = 50;
/// The longest attribute value.
pub const MAX_ATTRIBUTE_CHARS: usize = 200;

/// A mistake in a page's shortcodes, with the line it is on (1 is the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortcodeError {
    /// The line of the source the mistake is on.
    pub line: usize,
    /// What is wrong, for the merchant.
    pub message: String,
}

impl ShortcodeError {
    pub(crate) fn at(line: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for ShortcodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One piece of the source.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token<'a> {
    Text(&'a str),
    Open(Tag<'a>),
    Close { name: &'a str, line: usize },
}

/// An opening tag as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tag<'a> {
    pub name: &'a str,
    pub attributes: Attributes,
    pub line: usize,
}

impl Tag<'_> {
    /// The value of attribute `name`, if written.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A part of the page: text, or a shortcode with what it encloses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node<'a> {
    Text(&'a str),
    Shortcode(Tag<'a>, Vec<Node<'a>>),
}

/// The line byte `offset` is on, from the offsets of the source's line breaks.
fn line_at(breaks: &[usize], offset: usize) -> usize {
    breaks.partition_point(|b| *b < offset) + 1
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_lowercase()
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-'
}

/// What a `[` at some offset starts.
enum Bracket<'a> {
    /// Not a tag: the `[` is text.
    Text,
    /// A tag, ending before `end`.
    Token(Token<'a>, usize),
}

/// Reads the tag starting at `start` (a `[`), if it is one.
fn bracket_at<'a>(
    source: &'a str,
    start: usize,
    breaks: &[usize],
) -> Result<Bracket<'a>, ShortcodeError> {
    let bytes = source.as_bytes();
    let line = line_at(breaks, start);
    let mut at = start + 1;
    let closing = bytes.get(at) == Some(&b'/');
    if closing {
        at += 1;
    }
    if !bytes.get(at).copied().is_some_and(is_name_start) {
        return Ok(Bracket::Text);
    }
    let name_start = at;
    while bytes.get(at).copied().is_some_and(is_name_char) {
        at += 1;
    }
    let name = &source[name_start..at];
    let known = widgets::find(name).is_some();
    if closing {
        if bytes.get(at) != Some(&b']') {
            return Ok(Bracket::Text);
        }
        if !known {
            return Err(ShortcodeError::at(
                line,
                format!("[/{name}] closes a shortcode that does not exist"),
            ));
        }
        return Ok(Bracket::Token(Token::Close { name, line }, at + 1));
    }
    match bytes.get(at) {
        Some(b']') => {}
        Some(b) if b.is_ascii_whitespace() => {}
        _ => return Ok(Bracket::Text),
    }
    let Some((attributes, end)) = attributes_at(source, at, line)? else {
        return Ok(Bracket::Text);
    };
    // `[video](/media/film.mp4)` is a Markdown link whose text names a shortcode.
    if attributes.is_empty() && bytes.get(end) == Some(&b'(') {
        return Ok(Bracket::Text);
    }
    if !known {
        if attributes.iter().any(|(_, value)| !value.is_empty()) {
            return Err(ShortcodeError::at(
                line,
                format!("[{name}] is not a shortcode this shop knows"),
            ));
        }
        return Ok(Bracket::Text);
    }
    Ok(Bracket::Token(
        Token::Open(Tag {
            name,
            attributes,
            line,
        }),
        end,
    ))
}

/// A tag's attributes as written: (name, value), `""` for one written alone.
type Attributes = Vec<(String, String)>;

/// Reads `attr="value" flag ...]` from `at`; `None` when no `]` ends it (then it is text).
fn attributes_at(
    source: &str,
    mut at: usize,
    line: usize,
) -> Result<Option<(Attributes, usize)>, ShortcodeError> {
    let bytes = source.as_bytes();
    let mut attributes: Attributes = Vec::new();
    loop {
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        match bytes.get(at) {
            None => return Ok(None),
            Some(b']') => return Ok(Some((attributes, at + 1))),
            Some(b) if is_name_start(*b) || *b == b'_' => {}
            Some(_) => return Ok(None),
        }
        let name_start = at;
        while bytes.get(at).copied().is_some_and(is_name_char) {
            at += 1;
        }
        let name = source[name_start..at].to_owned();
        let value = if bytes.get(at) == Some(&b'=') {
            at += 1;
            match bytes.get(at) {
                Some(&quote) if quote == b'"' || quote == b'\'' => {
                    let value_start = at + 1;
                    let Some(length) = source[value_start..].find(quote as char) else {
                        return Err(ShortcodeError::at(
                            line,
                            format!("the value of {name} has no closing quote"),
                        ));
                    };
                    at = value_start + length + 1;
                    source[value_start..value_start + length].to_owned()
                }
                _ => {
                    let value_start = at;
                    while bytes
                        .get(at)
                        .is_some_and(|b| !b.is_ascii_whitespace() && *b != b']')
                    {
                        at += 1;
                    }
                    source[value_start..at].to_owned()
                }
            }
        } else {
            String::new()
        };
        if value.chars().count() > MAX_ATTRIBUTE_CHARS {
            return Err(ShortcodeError::at(
                line,
                format!("the value of {name} is longer than {MAX_ATTRIBUTE_CHARS} characters"),
            ));
        }
        if attributes.iter().any(|(n, _)| *n == name) {
            return Err(ShortcodeError::at(line, format!("{name} is given twice")));
        }
        attributes.push((name, value));
    }
}

/// Splits `source` into text and tags.
fn tokens(source: &str) -> Result<Vec<Token<'_>>, ShortcodeError> {
    let breaks: Vec<usize> = source
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'\n')
        .map(|(i, _)| i)
        .collect();
    let mut out = Vec::new();
    let mut text_start = 0;
    let mut at = 0;
    while let Some(found) = source[at..].find('[') {
        let start = at + found;
        match bracket_at(source, start, &breaks)? {
            Bracket::Text => at = start + 1,
            Bracket::Token(token, end) => {
                if text_start < start {
                    out.push(Token::Text(&source[text_start..start]));
                }
                out.push(token);
                text_start = end;
                at = end;
            }
        }
    }
    if text_start < source.len() {
        out.push(Token::Text(&source[text_start..]));
    }
    Ok(out)
}

/// Builds the tree, checking that every tag is closed in order, that nothing is nested
/// deeper than [`MAX_DEPTH`] and that the page holds at most [`MAX_SHORTCODES`].
fn tree(tokens: Vec<Token<'_>>) -> Result<Vec<Node<'_>>, ShortcodeError> {
    let mut open: Vec<(Tag<'_>, Vec<Node<'_>>)> = Vec::new();
    let mut top: Vec<Node<'_>> = Vec::new();
    let mut count = 0;
    for token in tokens {
        match token {
            Token::Text(text) => match open.last_mut() {
                Some((_, children)) => children.push(Node::Text(text)),
                None => top.push(Node::Text(text)),
            },
            Token::Open(tag) => {
                count += 1;
                if count > MAX_SHORTCODES {
                    return Err(ShortcodeError::at(
                        tag.line,
                        format!("a page may hold at most {MAX_SHORTCODES} shortcodes"),
                    ));
                }
                let widget = widgets::find(tag.name).expect("tokens are known shortcodes");
                if !widget.encloses {
                    let node = Node::Shortcode(tag, Vec::new());
                    match open.last_mut() {
                        Some((_, children)) => children.push(node),
                        None => top.push(node),
                    }
                    continue;
                }
                if open.len() >= MAX_DEPTH {
                    return Err(ShortcodeError::at(
                        tag.line,
                        format!("shortcodes may be nested at most {MAX_DEPTH} deep"),
                    ));
                }
                open.push((tag, Vec::new()));
            }
            Token::Close { name, line } => {
                let Some((tag, children)) = open.pop() else {
                    return Err(ShortcodeError::at(
                        line,
                        format!("[/{name}] closes nothing: no [{name}] is open"),
                    ));
                };
                if tag.name != name {
                    return Err(ShortcodeError::at(
                        line,
                        format!(
                            "[/{name}] cannot close [{}] opened on line {}",
                            tag.name, tag.line
                        ),
                    ));
                }
                let node = Node::Shortcode(tag, children);
                match open.last_mut() {
                    Some((_, siblings)) => siblings.push(node),
                    None => top.push(node),
                }
            }
        }
    }
    if let Some((tag, _)) = open.pop() {
        return Err(ShortcodeError::at(
            tag.line,
            format!("[{}] is never closed with [/{}]", tag.name, tag.name),
        ));
    }
    Ok(top)
}

/// What the widgets share while a page is made: the format, the ids already taken, the
/// sections the bullet navigation lists.
pub(crate) struct Page {
    pub format: SourceFormat,
    ids: HashSet<String>,
    /// (anchor, title) of each `[scroll_to bullet="true"]`, in page order.
    pub bullets: Vec<(String, String)>,
    slot_prefix: String,
}

impl Page {
    /// Takes an id for an element: `wanted` as given (checked, and refused if taken), or one
    /// made from `title`, with `-2`, `-3`, ... when taken. Each of `suffixes` appended to it
    /// must be free too (for the element's parts).
    pub fn claim_id(
        &mut self,
        wanted: Option<&str>,
        title: &str,
        suffixes: &[&str],
        line: usize,
    ) -> Result<String, ShortcodeError> {
        let free = |ids: &HashSet<String>, id: &str| {
            !ids.contains(id)
                && !RESERVED_IDS.contains(&id)
                && suffixes.iter().all(|s| !ids.contains(&format!("{id}{s}")))
        };
        let id = match wanted {
            Some(wanted) => {
                let wanted = wanted.strip_prefix('#').unwrap_or(wanted);
                if !is_anchor(wanted) {
                    return Err(ShortcodeError::at(
                        line,
                        format!(
                            "the anchor {wanted:?} must be 1 to 64 letters, digits, dashes or underscores, starting with a letter"
                        ),
                    ));
                }
                if !free(&self.ids, wanted) {
                    return Err(ShortcodeError::at(
                        line,
                        format!("the anchor {wanted:?} is used twice on this page"),
                    ));
                }
                wanted.to_owned()
            }
            None => {
                let base = slugify(title);
                let mut id = base.clone();
                let mut n = 2;
                while !free(&self.ids, &id) {
                    id = format!("{base}-{n}");
                    n += 1;
                }
                id
            }
        };
        for suffix in suffixes {
            self.ids.insert(format!("{id}{suffix}"));
        }
        self.ids.insert(id.clone());
        Ok(id)
    }

    /// The HTML of `nodes`: their text through the page's Markdown and sanitiser, with each
    /// shortcode's own markup put where it was written.
    pub fn render(&mut self, nodes: &[Node<'_>]) -> Result<String, ShortcodeError> {
        // Each shortcode's markup first; then the text, with a slot (a word the page does
        // not hold) where each one stands, through Markdown and the sanitiser; then the
        // markup in place of the slots.
        enum Part<'n> {
            Text(&'n str),
            Made {
                html: String,
                block: bool,
                line: usize,
            },
        }
        let mut parts = Vec::with_capacity(nodes.len());
        for node in nodes {
            match node {
                Node::Text(t) => parts.push(Part::Text(t)),
                Node::Shortcode(tag, children) => {
                    let widget = widgets::find(tag.name).expect("tree nodes are known");
                    let Some(render) = widget.render else {
                        return Err(ShortcodeError::at(
                            tag.line,
                            format!(
                                "[{}] belongs directly inside [{}]",
                                tag.name,
                                widget.parent.unwrap_or("its group")
                            ),
                        ));
                    };
                    widget.check_attributes(tag)?;
                    parts.push(Part::Made {
                        html: render(self, tag, children)?,
                        block: widget.block,
                        line: tag.line,
                    });
                }
            }
        }
        let made = parts
            .iter()
            .filter(|p| matches!(p, Part::Made { .. }))
            .count();
        // The sanitiser reads character references, so a page could spell a slot without
        // writing it; then the slot word grows until the output holds only ours.
        let html = loop {
            let mut text = String::new();
            let mut index = 0;
            for part in &parts {
                match part {
                    Part::Text(t) => text.push_str(t),
                    Part::Made { block, .. } => {
                        let slot = format!("{}{index}end", self.slot_prefix);
                        index += 1;
                        // Blocks stand as paragraphs of their own, so Markdown does not
                        // wrap them in the paragraph around them.
                        if *block && self.format == SourceFormat::Markdown {
                            text.push_str("\n\n");
                            text.push_str(&slot);
                            text.push_str("\n\n");
                        } else {
                            text.push_str(&slot);
                        }
                    }
                }
            }
            let html = if text.trim().is_empty() {
                String::new()
            } else {
                to_html(self.format, &text)
            };
            if html.matches(self.slot_prefix.as_str()).count() == made {
                break html;
            }
            self.slot_prefix.push('x');
        };
        let mut html = html;
        let mut index = 0;
        for part in parts {
            let Part::Made {
                html: widget_html,
                block,
                line,
            } = part
            else {
                continue;
            };
            let slot = format!("{}{index}end", self.slot_prefix);
            index += 1;
            let Some(at) = html.find(&slot) else {
                return Err(ShortcodeError::at(
                    line,
                    "this shortcode sits where the page's HTML drops text (inside a tag the sanitiser removes)",
                ));
            };
            if inside_tag(&html, at) {
                return Err(ShortcodeError::at(
                    line,
                    "a shortcode cannot sit inside an HTML tag",
                ));
            }
            let paragraph = format!("<p>{slot}</p>");
            if block && html.contains(&paragraph) {
                html = html.replacen(&paragraph, &widget_html, 1);
            } else {
                html = html.replacen(&slot, &widget_html, 1);
            }
        }
        Ok(html)
    }
}

/// Whether byte `at` of sanitised `html` is inside a tag (an attribute value) rather than text.
fn inside_tag(html: &str, at: usize) -> bool {
    let before = &html[..at];
    match (before.rfind('<'), before.rfind('>')) {
        (Some(open), Some(close)) => open > close,
        (Some(_), None) => true,
        _ => false,
    }
}

/// Ids the layout itself uses around a content page.
const RESERVED_IDS: [&str; 5] = [
    "main",
    "mercato-settings",
    "mobile-menu",
    "login-popup",
    "shop-filters",
];

/// Whether `anchor` can be an element's id and a URL fragment as written.
fn is_anchor(anchor: &str) -> bool {
    let bytes = anchor.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 64
        && bytes[0].is_ascii_alphabetic()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_')
}

/// An anchor made from a title: lower-case ASCII letters and digits, other runs as one dash,
/// at most 48 characters; "section" when nothing is left.
pub(crate) fn slugify(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 48 {
            break;
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() || !out.as_bytes()[0].is_ascii_alphabetic() {
        format!("section-{out}").trim_end_matches('-').to_owned()
    } else {
        out.to_owned()
    }
}

/// Escapes text for an HTML attribute value or element content.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The sanitised HTML of a page's `source`, with its shortcodes made into widgets.
pub fn page_html(format: SourceFormat, source: &str) -> Result<String, ShortcodeError> {
    let nodes = tree(tokens(source)?)?;
    let mut slot_prefix = String::from("mercatoshortcodeslot");
    while source.contains(&slot_prefix) {
        slot_prefix.push('x');
    }
    let mut page = Page {
        format,
        ids: HashSet::new(),
        bullets: Vec::new(),
        slot_prefix,
    };
    let mut html = page.render(&nodes)?;
    if !page.bullets.is_empty() {
        html.push_str(&widgets::bullet_nav(&page.bullets));
    }
    Ok(html)
}

#[cfg(test)]
#[path = "shortcodes_tests.rs"]
mod tests;
