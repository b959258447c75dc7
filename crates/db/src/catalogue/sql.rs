//! A small builder for dynamic SQL with `$n` placeholders, which both engines accept
//! (sqlx's own builder writes `?` for the Any driver, which PostgreSQL rejects).

use sqlx::any::AnyArguments;
use sqlx::{Arguments, Row};

/// A value to bind.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// An integer.
    Int(i64),
    /// A text.
    Text(String),
}

/// SQL text and its arguments, built together so placeholders always match.
#[derive(Debug, Default, Clone)]
pub struct Sql {
    text: String,
    args: Vec<Arg>,
}

impl Sql {
    /// Starts with `text`.
    pub fn new(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            args: Vec::new(),
        }
    }

    /// Appends literal SQL (never user input).
    pub fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    /// Appends a placeholder bound to `arg`.
    pub fn bind(&mut self, arg: Arg) -> &mut Self {
        self.args.push(arg);
        self.text.push('$');
        self.text.push_str(&self.args.len().to_string());
        self
    }

    /// Appends `$a, $b, ...` for each integer.
    pub fn bind_list(&mut self, values: &[i64]) -> &mut Self {
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.text.push_str(", ");
            }
            self.bind(Arg::Int(*v));
        }
        self
    }

    /// Appends `$a, $b, ...` for each text.
    pub fn bind_texts(&mut self, values: &[String]) -> &mut Self {
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.text.push_str(", ");
            }
            self.bind(Arg::Text(v.clone()));
        }
        self
    }

    /// Appends another statement part, renumbering its placeholders after ours.
    pub fn append(&mut self, other: &Sql) -> &mut Self {
        let shift = self.args.len();
        let mut chars = other.text.chars().peekable();
        while let Some(c) = chars.next() {
            self.text.push(c);
            if c == '$' {
                let mut digits = String::new();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                match digits.parse::<usize>() {
                    Ok(n) => self.text.push_str(&(n + shift).to_string()),
                    Err(_) => self.text.push_str(&digits),
                }
            }
        }
        self.args.extend(other.args.iter().cloned());
        self
    }

    /// The SQL text.
    pub fn text(&self) -> &str {
        &self.text
    }

    fn arguments(&self) -> AnyArguments<'static> {
        let mut args = AnyArguments::default();
        for arg in &self.args {
            // Adding an owned i64 or String to Any arguments cannot fail.
            let _ = match arg {
                Arg::Int(v) => args.add(*v),
                Arg::Text(v) => args.add(v.clone()),
            };
        }
        args
    }

    /// Runs the query and returns every row.
    pub async fn fetch_all<'e, E>(&self, executor: E) -> Result<Vec<sqlx::any::AnyRow>, sqlx::Error>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        sqlx::query_with(&self.text, self.arguments())
            .fetch_all(executor)
            .await
    }

    /// Runs a query that returns one integer (a count).
    pub async fn fetch_count<'e, E>(&self, executor: E) -> Result<i64, sqlx::Error>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        let row = sqlx::query_with(&self.text, self.arguments())
            .fetch_one(executor)
            .await?;
        row.try_get::<i64, _>(0)
    }
}

/// Escapes `%`, `_` and `\` for a `like ... escape '\'` pattern.
pub fn like_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_in_order() {
        let mut sql = Sql::new("select 1 where a = ");
        sql.bind(Arg::Int(1))
            .push(" and b in (")
            .bind_list(&[2, 3])
            .push(")");
        assert_eq!(sql.text(), "select 1 where a = $1 and b in ($2, $3)");
    }

    #[test]
    fn appended_parts_are_renumbered() {
        let mut filter = Sql::new(" where b = ");
        filter.bind(Arg::Int(2));
        let mut sql = Sql::new("select 1 from t where a = ");
        sql.bind(Arg::Int(1))
            .append(&filter)
            .push(" limit ")
            .bind(Arg::Int(3));
        assert_eq!(
            sql.text(),
            "select 1 from t where a = $1 where b = $2 limit $3"
        );
        assert_eq!(sql.args, vec![Arg::Int(1), Arg::Int(2), Arg::Int(3)]);
    }

    #[test]
    fn like_wildcards_are_escaped() {
        assert_eq!(like_escape("50%_off\\"), "50\\%\\_off\\\\");
    }
}
