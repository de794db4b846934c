//! What a request carries, read without the server's state: the bearer token, the
//! `since=` of a query, whether a browser's `Origin` may open a socket, the base of links.

use axum::http::{HeaderMap, header};

use crate::config::NetOpt;
use crate::error::ApiError;

/// The side whose token is in `Authorization: Bearer …`.
pub fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or(ApiError::MissingToken)?
        .to_str()
        .map_err(|_| ApiError::MissingToken)?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .ok_or(ApiError::MissingToken)?
        .trim();
    if token.is_empty() {
        return Err(ApiError::MissingToken);
    }
    Ok(token)
}

/// `since=N` from a query string (default 0).
pub fn since(query: Option<&str>) -> Result<u64, ApiError> {
    let Some(query) = query else { return Ok(0) };
    for pair in query.split('&') {
        if let Some(value) = pair.strip_prefix("since=") {
            return value
                .parse()
                .map_err(|_| ApiError::BadRequest(format!("since={value:?}: expected a number")));
        }
    }
    Ok(0)
}

/// Whether a browser at `origin` may open a socket on `host`.
///
/// ```
/// use xiangqi_server::api::input::origin_allowed;
/// let net = xiangqi_server::Config::new("127.0.0.1:0".parse().unwrap(), "d".into()).net;
/// assert!(origin_allowed(None, Some("a:1"), &net));
/// assert!(origin_allowed(Some("http://a:1"), Some("a:1"), &net));
/// assert!(!origin_allowed(Some("http://evil.example"), Some("a:1"), &net));
/// assert!(!origin_allowed(Some("null"), Some("a:1"), &net));
/// ```
pub fn origin_allowed(origin: Option<&str>, host: Option<&str>, net: &NetOpt) -> bool {
    let Some(origin) = origin else {
        // Not a browser: browsers always send Origin on a WebSocket handshake, and a
        // non-browser client can forge it anyway. Tokens, not origins, guard moves.
        return true;
    };
    if net
        .allow_origins
        .iter()
        .any(|o| o.trim_end_matches('/') == origin)
    {
        return true;
    }
    if let Some(public) = &net.public_url
        && public.trim_end_matches('/') == origin
    {
        return true;
    }
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

/// The base of the links handed out: `--public-url`, else the request's `Host`, else the
/// listening address.
pub fn link_base(net: &NetOpt, headers: &HeaderMap) -> String {
    if let Some(url) = &net.public_url {
        return url.trim_end_matches('/').to_owned();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.len() <= 255
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .map_or_else(|| net.listen.to_string(), str::to_owned);
    format!("http://{host}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    #[test]
    fn since_reads_the_number_or_refuses() {
        assert_eq!(since(None), Ok(0));
        assert_eq!(since(Some("since=12")), Ok(12));
        assert_eq!(since(Some("a=b&since=3")), Ok(3));
        assert!(since(Some("since=-1")).is_err());
    }

    #[test]
    fn bearer_needs_the_scheme_and_a_token() {
        let mut h = HeaderMap::new();
        assert_eq!(bearer(&h), Err(ApiError::MissingToken));
        h.insert(header::AUTHORIZATION, "Basic abc".parse().unwrap());
        assert_eq!(bearer(&h), Err(ApiError::MissingToken));
        h.insert(header::AUTHORIZATION, "Bearer abc".parse().unwrap());
        assert_eq!(bearer(&h), Ok("abc"));
    }
}
