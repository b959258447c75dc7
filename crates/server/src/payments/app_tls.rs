//! TLS for payment apps at `https://` URLs: rustls with the ring provider and the Mozilla
//! roots of `webpki-roots`, the same stack the order emails' SMTP client already compiles in
//! (so an https app adds no crate to the build).

use std::sync::{Arc, OnceLock};

use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore, pki_types::ServerName};

/// The client configuration, built once.
fn config() -> Result<Arc<ClientConfig>, String> {
    static CONFIG: OnceLock<Result<Arc<ClientConfig>, String>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let roots = RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()
                .map(|builder| {
                    Arc::new(builder.with_root_certificates(roots).with_no_client_auth())
                })
                .map_err(|e| format!("cannot set up TLS: {e}"))
        })
        .clone()
}

/// `stream`, wrapped in TLS to `host` (its certificate checked against the Mozilla roots).
pub async fn connect(host: &str, stream: TcpStream) -> Result<TlsStream<TcpStream>, String> {
    let name = ServerName::try_from(
        host.trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned(),
    )
    .map_err(|e| format!("not a TLS server name: {e}"))?;
    TlsConnector::from(config()?)
        .connect(name, stream)
        .await
        .map_err(|e| format!("TLS failed: {e}"))
}
