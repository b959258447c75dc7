//! `mercato`: the shop in one binary.

/// mimalloc: pages allocate many small strings and values, where glibc's allocator spent a
/// quarter of the time (measured with perf on the shop page).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod attributes_cli;
mod extensions_cli;
mod orders_cli;
mod pages_cli;
mod settings_cli;
mod users_cli;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use mercato::{demo, export, import};
use mercato_db::Db;
use mercato_server::{CookieSecurity, ServeOptions, ServerConfig};

/// Mercato: an online merchandise shop.
#[derive(Debug, Parser)]
#[command(name = "mercato", version, about)]
struct Cli {
    /// The database: `sqlite://PATH` or `postgres://USER@HOST/DB`.
    #[arg(
        long,
        global = true,
        env = "DATABASE_URL",
        default_value = "sqlite://data/mercato.db"
    )]
    database: String,

    /// Where downloadable products' files are (docs/downloads.md); default: a `downloads`
    /// directory beside the SQLite database, or in the working directory.
    #[arg(long, global = true, env = "MERCATO_DOWNLOADS_DIR")]
    downloads_dir: Option<PathBuf>,

    /// Pictures served under `/media/` besides the uploaded ones, such as a social feed's
    /// folder (docs/home-page.md); default: a `media` directory beside the SQLite database, or
    /// in the working directory.
    #[arg(long, global = true, env = "MERCATO_MEDIA_DIR")]
    media_dir: Option<PathBuf>,

    /// Installed extensions: every folder in it with an `extension.json` (docs/extensions.md).
    #[arg(
        long,
        global = true,
        env = "MERCATO_EXTENSIONS_DIR",
        default_value = "data/extensions"
    )]
    extensions_dir: PathBuf,

    /// Log format.
    #[arg(long, global = true, env = "MERCATO_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object a line.
    Json,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the shop over HTTP (migrates the database first).
    Serve(ServeArgs),
    /// Apply the database migrations and report what was done.
    Migrate,
    /// Load the demo shop: a merchandise catalogue with images, reviews and settings.
    Demo(DemoArgs),
    /// Import a WooCommerce product CSV (exit status 1 when rows failed).
    Import(ImportArgs),
    /// Export the catalogue as a WooCommerce product CSV.
    Export(ExportArgs),
    /// Read or change a shop setting (tax, tax_rates, shipping, coupon_settings, shop, swatches, menus, ...).
    #[command(subcommand)]
    Settings(settings_cli::SettingsCommand),
    /// List, create, replace or delete coupons.
    #[command(subcommand)]
    Coupons(settings_cli::CouponsCommand),
    /// List and show orders, and change their status.
    #[command(subcommand)]
    Orders(orders_cli::OrdersCommand),
    /// Make accounts (customers and staff), list them, change a role or a password.
    #[command(subcommand)]
    Users(users_cli::UsersCommand),
    /// List global attributes' terms, and set a term's swatch colour or picture.
    #[command(subcommand)]
    Attributes(attributes_cli::AttributesCommand),
    /// List, show, create or replace, and delete content pages (Markdown or HTML).
    #[command(subcommand)]
    Pages(pages_cli::PagesCommand),
    /// List the installed extensions, and what is wrong with those that cannot load.
    #[command(subcommand)]
    Extensions(extensions_cli::ExtensionsCommand),
}

#[derive(Debug, clap::Args)]
struct DemoArgs {
    /// Also add a synthetic catalogue of N products (for benchmarks).
    #[arg(long, value_name = "N")]
    products: Option<u32>,

    /// With --products: write the synthetic catalogue to this CSV file instead of the shop.
    #[arg(long, value_name = "FILE", requires = "products")]
    csv: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct ImportArgs {
    /// The CSV file (images named by a relative path are looked for beside it).
    file: PathBuf,

    /// Update the products the file names by ID or SKU (otherwise they are skipped).
    #[arg(long)]
    update_existing: bool,

    /// Check every row and report, without writing anything.
    #[arg(long)]
    dry_run: bool,

    /// All or nothing: write nothing when any row fails.
    #[arg(long)]
    strict: bool,
}

#[derive(Debug, clap::Args)]
struct ExportArgs {
    /// The CSV file to write.
    file: PathBuf,
}

#[derive(Debug, clap::Args)]
struct ServeArgs {
    /// The address to listen on.
    #[arg(long, env = "MERCATO_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,

    /// The built frontend (`web/dist`).
    #[arg(long, env = "MERCATO_ASSETS_DIR", default_value = "web/dist")]
    assets_dir: PathBuf,

    /// A theme directory whose templates override the built-in ones.
    #[arg(long, env = "MERCATO_THEME_DIR")]
    theme_dir: Option<PathBuf>,

    /// When session cookies are marked Secure.
    #[arg(long, env = "MERCATO_SECURE_COOKIES", value_enum, default_value_t = SecureCookies::Auto)]
    secure_cookies: SecureCookies,

    /// The shop's public URL (`https://shop.example`): links in emails (password resets,
    /// welcome, downloads) start with it. Required unless the shop listens on a loopback
    /// address, where emails link to that address. Pages and the Store API use the request's
    /// own address when it is unset.
    #[arg(long, env = "MERCATO_PUBLIC_URL")]
    public_url: Option<String>,

    /// Load the demo data when the database has no products yet.
    #[arg(long, env = "MERCATO_DEMO_IF_EMPTY")]
    demo_if_empty: bool,

    #[command(flatten)]
    limits: LimitArgs,
}

/// Timeouts and connection limits (docs/security.md explains each).
#[derive(Debug, clap::Args)]
struct LimitArgs {
    /// Seconds a client has to send a request's line and headers, counted from when the
    /// connection is ready for them (after accept, and after each response).
    #[arg(long, env = "MERCATO_HEADER_TIMEOUT_SECS", value_name = "SECS",
          default_value_t = ServeOptions::default().header_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    header_timeout_secs: u64,

    /// Seconds a handler has to answer, from the request's head (then 503).
    #[arg(long, env = "MERCATO_REQUEST_TIMEOUT_SECS", value_name = "SECS",
          default_value_t = ServeOptions::default().request_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    request_timeout_secs: u64,

    /// Seconds a request's whole body has to arrive in, from its head (then 408).
    #[arg(long, env = "MERCATO_BODY_TIMEOUT_SECS", value_name = "SECS",
          default_value_t = ServeOptions::default().body_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    body_timeout_secs: u64,

    /// Seconds without a byte either way, and no handler working, before a connection is closed.
    #[arg(long, env = "MERCATO_IDLE_TIMEOUT_SECS", value_name = "SECS",
          default_value_t = ServeOptions::default().idle_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    idle_timeout_secs: u64,

    /// Connections served at once; more wait in the listen queue. Keep it below the
    /// open-files limit (`ulimit -n`).
    #[arg(long, env = "MERCATO_MAX_CONNECTIONS", value_name = "N",
          default_value_t = u32::try_from(ServeOptions::default().max_connections).unwrap_or(u32::MAX),
          value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: u32,

    /// Seconds requests in flight get to finish after SIGTERM or Ctrl-C; then the process
    /// exits anyway.
    #[arg(long, env = "MERCATO_SHUTDOWN_TIMEOUT_SECS", value_name = "SECS",
          default_value_t = ServeOptions::default().shutdown_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    shutdown_timeout_secs: u64,
}

impl LimitArgs {
    fn options(&self) -> ServeOptions {
        use std::time::Duration;
        ServeOptions {
            header_timeout: Duration::from_secs(self.header_timeout_secs),
            request_timeout: Duration::from_secs(self.request_timeout_secs),
            body_timeout: Duration::from_secs(self.body_timeout_secs),
            idle_timeout: Duration::from_secs(self.idle_timeout_secs),
            max_connections: usize::try_from(self.max_connections).unwrap_or(usize::MAX),
            shutdown_timeout: Duration::from_secs(self.shutdown_timeout_secs),
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum SecureCookies {
    /// Secure when the proxy says the request came over TLS (`X-Forwarded-Proto: https`).
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.log_format);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(run(cli));
    // Blocking tasks (password hashing) cannot be cancelled: the shutdown deadline is spent.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("MERCATO_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().flatten_event(true).init(),
    }
}

/// The downloads directory: the flag's, else `downloads` beside a SQLite database file,
/// else `downloads` in the working directory.
fn downloads_dir(flag: Option<PathBuf>, database: &str) -> PathBuf {
    beside_database(flag, database, "downloads")
}

/// The directory `flag` names, else `name` beside a SQLite database file, else `name` in the
/// working directory.
fn beside_database(flag: Option<PathBuf>, database: &str, name: &str) -> PathBuf {
    if let Some(dir) = flag {
        return dir;
    }
    let file = database
        .strip_prefix("sqlite://")
        .or_else(|| database.strip_prefix("sqlite:"))
        .map(|rest| rest.split('?').next().unwrap_or(""))
        .filter(|path| !path.is_empty() && !path.starts_with(':'));
    match file.and_then(|path| std::path::Path::new(path).parent()) {
        Some(parent) => parent.join(name),
        None => PathBuf::from(name),
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    if let Command::Extensions(command) = &cli.command {
        // Reads the folder only: no database needed.
        return extensions_cli::run(&cli.extensions_dir, command);
    }
    let db = open(&cli.database).await?;
    let downloads = downloads_dir(cli.downloads_dir, &cli.database);
    let media = beside_database(cli.media_dir, &cli.database, "media");
    match cli.command {
        Command::Migrate => {
            let report = mercato_db::migrate::run(&db).await?;
            if report.applied.is_empty() {
                println!(
                    "{}: up to date ({} migrations already applied)",
                    db.backend().name(),
                    report.already
                );
            } else {
                for (version, name) in &report.applied {
                    println!("{}: applied {version:04} {name}", db.backend().name());
                }
                println!(
                    "{}: {} applied, {} already in place",
                    db.backend().name(),
                    report.applied.len(),
                    report.already
                );
            }
            Ok(())
        }
        Command::Demo(args) => run_demo(&db, args, &downloads).await,
        Command::Import(args) => {
            mercato_db::migrate::run(&db).await?;
            let options = import::ImportOptions {
                update_existing: args.update_existing,
                dry_run: args.dry_run,
                strict: args.strict,
                progress: true,
            };
            let report = import::run(&db, &args.file, options).await?;
            println!("{report}");
            if report.is_success() {
                Ok(())
            } else {
                Err(anyhow::anyhow!(
                    "{} of {} rows failed",
                    report.failed.len(),
                    report.rows
                ))
            }
        }
        Command::Export(args) => {
            let rows = export::run(&db, &args.file).await?;
            println!("exported {rows} rows to {}", args.file.display());
            Ok(())
        }
        Command::Serve(args) => serve(db, args, downloads, media, cli.extensions_dir).await,
        Command::Settings(command) => {
            let extensions = mercato_server::extensions::Extensions::load(&cli.extensions_dir);
            let ids: Vec<String> = extensions.gateways().iter().map(|g| g.info().id).collect();
            settings_cli::settings(&db, command, &ids).await
        }
        Command::Coupons(command) => settings_cli::coupons(&db, command).await,
        Command::Orders(command) => orders_cli::run(&db, command).await,
        Command::Users(command) => users_cli::run(&db, command).await,
        Command::Attributes(command) => attributes_cli::run(&db, command).await,
        Command::Pages(command) => pages_cli::run(&db, command).await,
        Command::Extensions(command) => extensions_cli::run(&cli.extensions_dir, &command),
    }
}

async fn run_demo(db: &Db, args: DemoArgs, downloads: &std::path::Path) -> anyhow::Result<()> {
    if let (Some(count), Some(path)) = (args.products, &args.csv) {
        let rows = demo::synthetic::write_csv(path, count)?;
        println!("wrote {rows} rows ({count} products) to {}", path.display());
        return Ok(());
    }
    mercato_db::migrate::run(db).await?;
    println!("{}", demo::load(db).await?);
    if demo::ensure_files(db, downloads).await? > 0 {
        println!("demo downloads written to {}", downloads.display());
    }
    if let Some(count) = args.products {
        let report = demo::synthetic::add(db, count).await?;
        println!("synthetic catalogue: {report}");
    }
    Ok(())
}

async fn open(url: &str) -> anyhow::Result<Db> {
    Db::connect(url)
        .await
        .map_err(|e| anyhow::anyhow!("cannot open the database {}: {e}", redact(url)))
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let credentials = &url[scheme_end + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// The public URL links in emails start with: the one given (an http(s) origin), else the
/// listening address when it is a loopback one. A shop reachable from elsewhere must say
/// its address: building it from each request's `Host` header mails reset links to whatever
/// host an attacker names (docs/security.md).
fn link_origin(given: Option<String>, local: SocketAddr) -> anyhow::Result<Option<String>> {
    match given {
        Some(url) => {
            let url = url.trim().trim_end_matches('/').to_owned();
            let authority = url
                .strip_prefix("https://")
                .or_else(|| url.strip_prefix("http://"))
                .unwrap_or("");
            let origin_only = !authority.is_empty()
                && authority
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b));
            if !origin_only {
                anyhow::bail!(
                    "--public-url {url:?} must be an http(s) origin such as https://shop.example"
                );
            }
            Ok(Some(url))
        }
        None if local.ip().is_loopback() => {
            tracing::info!(
                origin = %format!("http://{local}"),
                "no --public-url: links in emails use the listening address"
            );
            Ok(None)
        }
        None => anyhow::bail!(
            "--public-url (MERCATO_PUBLIC_URL) is required when listening on {local}: links in \
             password-reset and order emails are built from it, never from a request's Host \
             header (docs/security.md)"
        ),
    }
}

async fn serve(
    db: Db,
    args: ServeArgs,
    downloads: PathBuf,
    media: PathBuf,
    extensions: PathBuf,
) -> anyhow::Result<()> {
    let report = mercato_db::migrate::run(&db).await?;
    if !report.applied.is_empty() {
        tracing::info!(count = report.applied.len(), "database migrated");
    }
    if args.demo_if_empty && demo::is_empty(&db).await? {
        let summary = demo::load(&db).await?;
        tracing::info!(%summary, "demo data loaded into the empty shop");
    }
    demo::ensure_files(&db, &downloads).await?;
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AddrInUse => anyhow::anyhow!(
                "cannot listen on {}: the address is already in use",
                args.addr
            ),
            _ => anyhow::anyhow!("cannot listen on {}: {e}", args.addr),
        })?;
    let local = listener.local_addr()?;
    let public_url = link_origin(args.public_url, local)?;
    let config = ServerConfig {
        assets_dir: args.assets_dir,
        theme_dir: args.theme_dir,
        cookie_security: match args.secure_cookies {
            SecureCookies::Auto => CookieSecurity::Auto,
            SecureCookies::Always => CookieSecurity::Always,
            SecureCookies::Never => CookieSecurity::Never,
        },
        public_url,
        listen_url: format!("http://{local}"),
        downloads_dir: downloads,
        media_dir: media,
        extensions_dir: extensions,
        ..ServerConfig::default()
    };
    let options = args.limits.options();
    let state = mercato_server::load_state(db.clone(), config).await?;
    if state.gateways.none_enabled() {
        tracing::warn!(
            "no payment method is enabled: customers cannot check out; see docs/payments.md"
        );
    }
    if let Some(longest) = state.web.extensions.longest_app_timeout()
        && longest >= options.request_timeout
    {
        tracing::warn!(
            app_timeout_ms = u64::try_from(longest.as_millis()).unwrap_or(u64::MAX),
            request_timeout_secs = options.request_timeout.as_secs(),
            "a payment app may be waited for longer than a request may take: shoppers get a 503 \
             while the payment goes on (docs/payments.md)"
        );
    }
    // The e2e harness and scripts read this line to find a port chosen by the system.
    println!("mercato listening on http://{local}");
    tracing::info!(addr = %local, database = db.backend().name(), "serving");
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let worker = mercato_server::jobs::spawn(state.services.clone(), stopped)?;
    let (signalled, signal_time) = tokio::sync::oneshot::channel();
    let shutdown = async move {
        shutdown_signal().await;
        let _ = signalled.send(tokio::time::Instant::now());
        // The worker finishes its current job and stops with the server.
        let _ = stop.send(true);
    };
    let grace = options.shutdown_timeout;
    mercato_server::serve(listener, mercato_server::router(state), options, shutdown).await;
    // The worker and the database get what is left of the same deadline.
    let deadline = signal_time
        .await
        .unwrap_or_else(|_| tokio::time::Instant::now())
        + grace;
    let finished = tokio::time::timeout_at(deadline, async {
        if let Err(e) = worker.await {
            tracing::error!(error = %e, "the job worker panicked");
        }
        db.close().await;
    })
    .await;
    if finished.is_err() {
        tracing::warn!(
            "shutdown deadline passed: exiting without waiting for the job worker and the database"
        );
    }
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downloads_live_beside_the_database_unless_told() {
        let dir = |flag: Option<&str>, db: &str| downloads_dir(flag.map(PathBuf::from), db);
        assert_eq!(
            dir(None, "sqlite://data/mercato.db"),
            PathBuf::from("data/downloads")
        );
        assert_eq!(
            dir(None, "sqlite:///tmp/x/shop.db?mode=rwc"),
            PathBuf::from("/tmp/x/downloads")
        );
        assert_eq!(dir(None, "postgres://u@h/db"), PathBuf::from("downloads"));
        assert_eq!(dir(None, "sqlite::memory:"), PathBuf::from("downloads"));
        assert_eq!(
            dir(Some("/srv/files"), "sqlite://data/mercato.db"),
            PathBuf::from("/srv/files")
        );
    }

    #[test]
    fn passwords_are_not_printed() {
        assert_eq!(
            redact("postgres://shop:s3cret@db/shop"),
            "postgres://shop:***@db/shop"
        );
        assert_eq!(redact("postgres://shop@db/shop"), "postgres://shop@db/shop");
        assert_eq!(redact("sqlite://data/x.db"), "sqlite://data/x.db");
    }
}
