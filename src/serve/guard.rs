//! What a request must show before any handler sees it: a `Host` that
//! names this server (so a page of another site that has rebound its own
//! name to this machine's address, DNS rebinding, is refused), and a body
//! sent within the body deadline and the size limit. The `Origin` check of
//! the API's POSTs is in `api.rs`; answers carry no CORS header.

use super::api::{ApiError, App};
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The address a connection came to (the server's side), set on each
/// request by the connection loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reached(pub SocketAddr);

/// The host part of a `Host` header: without its port, and an IPv6
/// address without its brackets.
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Whether `host` names this server: `localhost`, the address the
/// connection came to (any loopback address when that is unknown), or a
/// name of `allowed`.
pub(crate) fn host_allowed(host: &str, reached: Option<IpAddr>, allowed: &[String]) -> bool {
    let name = host_name(host.trim());
    if name.eq_ignore_ascii_case("localhost")
        || allowed.iter().any(|a| a.eq_ignore_ascii_case(name))
    {
        return true;
    }
    match (name.parse::<IpAddr>(), reached) {
        (Ok(ip), Some(to)) => ip == to || canonical(ip) == canonical(to),
        (Ok(ip), None) => ip.is_loopback(),
        (Err(_), _) => false,
    }
}

/// An IPv4 address reached over IPv6 (`::ffff:127.0.0.1`) as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// Refuse a request whose `Host` is not this server's (403), read its body
/// within the body deadline (408) and the size limit (413), and pass it on.
pub(crate) async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let reached = request.extensions().get::<Reached>().map(|r| r.0.ip());
    if let Some(host) = request.headers().get(header::HOST) {
        let host = String::from_utf8_lossy(host.as_bytes());
        if !host_allowed(&host, reached, &app.config.allowed_hosts) {
            let name = host_name(&host).to_string();
            return ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "this server does not answer to the name {name:?} (Host: {host}): it answers \
                     to localhost and to the address it listens on; start it with --allow-host \
                     {name} to accept that name"
                ),
            )
            .into_response();
        }
    }
    let (parts, body) = request.into_parts();
    let max = app.config.max_body;
    let read = Limited::new(body, max).collect();
    let bytes: Bytes = match tokio::time::timeout(app.config.body_timeout, read).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request is larger than {max} bytes, this server's limit"),
            )
            .into_response()
        }
        Ok(Err(e)) => {
            return ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("the request could not be read: {e}"),
            )
            .into_response()
        }
        Err(_) => {
            return ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request's body did not arrive within {} s, this server's limit",
                    app.config.body_timeout.as_secs_f64()
                ),
            )
            .into_response()
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_that_name_this_server() {
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        let lan: IpAddr = "192.168.1.5".parse().unwrap();
        let allowed = vec!["sudoku.lan".to_string()];
        for (host, reached, ok) in [
            ("127.0.0.1:8765", Some(local), true),
            ("localhost:8765", Some(local), true),
            ("LOCALHOST", Some(local), true),
            ("192.168.1.5:8765", Some(lan), true),
            ("127.0.0.1:8765", Some(lan), false),
            ("sudoku.lan:8765", Some(lan), true),
            ("attacker.example:8765", Some(local), false),
            ("localhost.attacker.example", Some(local), false),
            ("[::1]:8765", None, true),
            ("[::ffff:127.0.0.1]:80", Some(local), true),
            ("10.0.0.1", None, false),
        ] {
            assert_eq!(host_allowed(host, reached, &allowed), ok, "{host}");
        }
    }
}
