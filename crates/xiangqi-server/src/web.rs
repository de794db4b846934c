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
        "desk-procedures.js",
        "text/javascript; charset=utf-8",
        web_file!("desk-procedures.js"),
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
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        web_file!("replay.js"),
    ),
    (
        "identity.js",
        "text/javascript; charset=utf-8",
        web_file!("identity.js"),
    ),
    (
        "explain.js",
        "text/javascript; charset=utf-8",
        web_file!("explain.js"),
    ),
    (
        "refusals.js",
        "text/javascript; charset=utf-8",
        web_file!("refusals.js"),
    ),
    (
        "clock.js",
        "text/javascript; charset=utf-8",
        web_file!("clock.js"),
    ),
    (
        "sound.js",
        "text/javascript; charset=utf-8",
        web_file!("sound.js"),
    ),
    (
        "game-text.js",
        "text/javascript; charset=utf-8",
        web_file!("game-text.js"),
    ),
    (
        "controls.js",
        "text/javascript; charset=utf-8",
        web_file!("controls.js"),
    ),
    (
        "game-event.js",
        "text/javascript; charset=utf-8",
        web_file!("game-event.js"),
    ),
    (
        "offer.js",
        "text/javascript; charset=utf-8",
        web_file!("offer.js"),
    ),
    (
        "movelist.js",
        "text/javascript; charset=utf-8",
        web_file!("movelist.js"),
    ),
    (
        "presence.js",
        "text/javascript; charset=utf-8",
        web_file!("presence.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        web_file!("lobby.js"),
    ),
    (
        "rematch.js",
        "text/javascript; charset=utf-8",
        web_file!("rematch.js"),
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

/// `GET /g/{id}`: the board of one game; for a game that does not exist (`known` false: the
/// router looked it up), the same page with `404`. The page then asks the API, finds no game
/// and says so with a link home, in the reader's language, instead of a board that would wait
/// for its game forever.
pub fn game_page(known: bool) -> Response {
    let mut response = page(GAME);
    if !known {
        *response.status_mut() = StatusCode::NOT_FOUND;
    }
    response
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    asset_of(ASSETS, &file)
}

/// The file named `file` of `assets` (name, content type, body), never cached without a
/// check, or 404.
pub fn asset_of(assets: &[(&str, &'static str, &'static str)], file: &str) -> Response {
    match assets.iter().find(|(name, _, _)| *name == file) {
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
