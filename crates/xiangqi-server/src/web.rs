//! The web board, embedded in the binary from `/web` (plain ES modules and SVG, no bundler).

use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

macro_rules! web_file {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/", $name))
    };
}

/// Static files under `/assets/`: name, content type, content.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        web_file!("style.css"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        web_file!("board.js"),
    ),
    (
        "arbiter.js",
        "text/javascript; charset=utf-8",
        web_file!("arbiter.js"),
    ),
    (
        "desk.js",
        "text/javascript; charset=utf-8",
        web_file!("desk.js"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        web_file!("game.js"),
    ),
    (
        "home.js",
        "text/javascript; charset=utf-8",
        web_file!("home.js"),
    ),
    (
        "i18n.js",
        "text/javascript; charset=utf-8",
        web_file!("i18n.js"),
    ),
    (
        "procedure.js",
        "text/javascript; charset=utf-8",
        web_file!("procedure.js"),
    ),
    (
        "computer.js",
        "text/javascript; charset=utf-8",
        web_file!("computer.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        web_file!("analysis.js"),
    ),
    ("favicon.svg", "image/svg+xml", web_file!("favicon.svg")),
];

const HOME: &str = web_file!("index.html");
const GAME: &str = web_file!("game.html");

/// Pages may load scripts, styles and images from this server only, and connect back to it.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                   script-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'; \
                   base-uri 'none'; form-action 'self'";

pub(crate) fn page(html: &'static str) -> Response {
    let mut response = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `GET /`: the home page, to create a game.
pub async fn home() -> Response {
    page(HOME)
}

/// The page for a game link that leads nowhere (a mistyped or truncated link), in both
/// languages, instead of a board that would wait for its game forever.
const NO_GAME: &str = "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>没有这盘对局 · No such game</title><link rel=\"stylesheet\" href=\"/assets/style.css\"></head>\
<body><main id=\"no-game\"><h1>没有这盘对局</h1><p>请核对链接：也许少抄了几个字符。</p>\
<h1 lang=\"en\">No such game</h1><p lang=\"en\">Check the link: part of it may be missing.</p>\
<p><a href=\"/\">象棋裁判 · Xiangqi Arbiter</a></p></main></body></html>";

/// `GET /g/{id}`: the board of one game if `known` (the router looks the game up); a 404
/// page that says so for a game that does not exist.
pub fn game_page(known: bool) -> Response {
    if known {
        page(GAME)
    } else {
        let mut response = page(NO_GAME);
        *response.status_mut() = StatusCode::NOT_FOUND;
        response
    }
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
