//! The storage suite runs every story on SQLite and, on PostgreSQL (the server at `MERCATO_TEST_POSTGRES_URL`),
//! again on PostgreSQL. `storage_story!(name, body)` makes `sqlite::name` and
//! `postgres::name`, each on its own fresh database.

#[macro_export]
macro_rules! storage_story {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test]
            async fn sqlite() {
                let test_db = mercato_db::testing::TestDb::sqlite()
                    .await
                    .expect("sqlite test database");
                ($body)(test_db.db.clone()).await;
            }

            #[tokio::test]
            async fn postgres() {
                let test_db = mercato_db::testing::TestDb::postgres().await.expect(
                    "postgres test database (is the server at MERCATO_TEST_POSTGRES_URL up?)",
                );
                ($body)(test_db.db.clone()).await;
            }
        }
    };
}
