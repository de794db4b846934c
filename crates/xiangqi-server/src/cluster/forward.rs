//! Sending a request on to the node that owns its game (or the competitions), as a reverse
//! proxy would, and a WebSocket's commands likewise.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{COMPETITIONS, Claim, Holder, Node};
use crate::error::ApiError;
use crate::ids::GameId;
use crate::state::{AppState, Place};

/// The cluster's secret, on a forwarded request.
pub const SECRET_HEADER: &str = "x-xq-cluster-secret";
/// The node a forwarded request comes from.
pub const FROM_HEADER: &str = "x-xq-forwarded-by";
/// On a request that carries the cluster's secret: the arbiter's action is a competition's
/// (its organiser or arbiter entered a result on the node that serves the competitions), and
/// is taken as the game's arbiter's without a token. Never passed on from a client.
pub const ARBITER_HEADER: &str = "x-xq-competition-arbiter";

/// What a path is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resource {
    /// A game.
    Game(GameId),
    /// The competitions.
    Competitions,
}

impl Resource {
    /// Its lease.
    pub fn lease(&self) -> String {
        match self {
            Resource::Game(id) => super::game_resource(id),
            Resource::Competitions => COMPETITIONS.to_owned(),
        }
    }
}

/// The resource of a request's path, if it has one that a node owns. WebSockets are not
/// forwarded (every node serves them, see [`super::follow`] and `event::follow`), nor the
/// creation of a game.
///
/// ```
/// use xiangqi_server::cluster::forward::{resource_of, Resource};
/// assert!(matches!(resource_of("/api/games/abcdefghjk/moves"), Some(Resource::Game(_))));
/// assert_eq!(resource_of("/api/games/abcdefghjk/ws"), None);
/// assert_eq!(resource_of("/api/games"), None);
/// assert_eq!(resource_of("/api/events/x/draw"), Some(Resource::Competitions));
/// assert_eq!(resource_of("/api/events/x/ws"), None);
/// assert_eq!(resource_of("/e/x"), Some(Resource::Competitions));
/// assert_eq!(resource_of("/assets/events/e.js"), None);
/// ```
pub fn resource_of(path: &str) -> Option<Resource> {
    if let Some(rest) = path.strip_prefix("/api/games/") {
        let (id, tail) = rest.split_once('/').unwrap_or((rest, ""));
        if tail == "ws" {
            return None;
        }
        return GameId::parse(id).map(Resource::Game);
    }
    if path.starts_with("/api/events/") && path.ends_with("/ws") {
        return None;
    }
    if path == "/api/events" || path.starts_with("/api/events/") || path.starts_with("/e/") {
        return Some(Resource::Competitions);
    }
    None
}

/// Whether `headers` carry the cluster's secret (a request another node forwarded).
pub fn trusted(app: &AppState, headers: &HeaderMap) -> bool {
    match (&app.cluster, headers.get(SECRET_HEADER)) {
        (Some(node), Some(v)) => node.is_secret(v.as_bytes()),
        _ => false,
    }
}

/// The middleware: serves here what this node owns (or takes), forwards the rest.
pub async fn route(State(app): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let Some(node) = app.cluster.clone() else {
        return next.run(request).await;
    };
    let Some(resource) = resource_of(request.uri().path()) else {
        return next.run(request).await;
    };
    let forwarded = trusted(&app, request.headers());
    let holder = match locate(&app, &node, &resource).await {
        Ok(None) => return next.run(request).await,
        Ok(Some(holder)) => holder,
        Err(e) => return e.into_response(),
    };
    if forwarded {
        // Sent here as the owner, which this node no longer is: no second hop.
        return ApiError::Cluster(format!("ownership moved to node {}", holder.node))
            .into_response();
    }
    let (parts, body) = request.into_parts();
    let limit = app.config.limits.max_body_bytes;
    let Ok(bytes) = axum::body::to_bytes(body, limit).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "request body too large").into_response();
    };
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_string());
    let target = parts.uri.path_and_query().map_or("/", |p| p.as_str());
    let headers = outgoing(&parts.headers, &node, peer.as_deref());
    match send(
        &app,
        &node,
        &resource,
        holder,
        &parts.method,
        target,
        &headers,
        &bytes,
    )
    .await
    {
        Sent::Answer(response) => response,
        Sent::Here => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Sent::Failed(e) => e.into_response(),
    }
}

/// Who serves `resource`: `None` for this node (which may just have taken it).
async fn locate(
    app: &Arc<AppState>,
    node: &Node,
    resource: &Resource,
) -> Result<Option<Holder>, ApiError> {
    match resource {
        Resource::Game(id) => match app.place(id).await {
            Ok(Place::Here(_)) | Err(ApiError::NotFound) => Ok(None),
            Ok(Place::There(holder)) => Ok(Some(holder)),
            Err(e) => Err(e),
        },
        Resource::Competitions => {
            if node.serves_competitions() {
                return Ok(None);
            }
            match node.claim(COMPETITIONS).await? {
                Claim::Mine { .. } => {
                    // As a start-up does: the competitions from the database, then the results
                    // of their games that ended while no node served them.
                    app.events.reload().await?;
                    crate::event::restore::restore(app).await;
                    Ok(None)
                }
                Claim::Theirs(holder) => Ok(Some(holder)),
            }
        }
    }
}

pub(super) enum Sent {
    Answer(Response),
    /// The owner is gone and this node took over: serve the request here.
    Here,
    Failed(ApiError),
}

/// Sends the request to `holder`; while it cannot be reached, waits for its lease to lapse
/// and takes over (or follows the lease to its next holder).
#[allow(clippy::too_many_arguments)]
pub(super) async fn send(
    app: &Arc<AppState>,
    node: &Node,
    resource: &Resource,
    mut holder: Holder,
    method: &Method,
    target: &str,
    headers: &HeaderMap,
    body: &Bytes,
) -> Sent {
    let give_up = Instant::now() + node.lease + node.forward_timeout;
    loop {
        let url = format!("{}{target}", holder.url);
        let sent = node
            .client
            .request(method.clone(), &url)
            .headers(headers.clone())
            .body(body.clone())
            .send()
            .await;
        let error = match sent {
            Ok(answer) => return Sent::Answer(incoming(answer).await),
            Err(e) if e.is_connect() => e,
            Err(e) => {
                let why = if e.is_timeout() {
                    "no answer in time".to_owned()
                } else {
                    e.to_string()
                };
                return Sent::Failed(ApiError::BadGateway(format!(
                    "node {} ({}): {why}; the action may or may not have been taken",
                    holder.node, holder.url
                )));
            }
        };
        if Instant::now() >= give_up {
            return Sent::Failed(ApiError::Cluster(format!(
                "node {} ({}) does not answer ({error}) and its lease has not lapsed",
                holder.node, holder.url
            )));
        }
        node.forget_holder(&resource.lease());
        // Treated as down only once its lease lapses.
        let wait = holder
            .remaining
            .clamp(Duration::from_millis(50), Duration::from_millis(250));
        tokio::time::sleep(wait).await;
        match locate(app, node, resource).await {
            Ok(None) => return Sent::Here,
            Ok(Some(next)) => holder = next,
            Err(e) => return Sent::Failed(e),
        }
    }
}

fn hop_by_hop(name: &HeaderName) -> bool {
    [
        header::CONNECTION,
        header::TRANSFER_ENCODING,
        header::UPGRADE,
        header::TE,
        header::TRAILER,
        header::PROXY_AUTHENTICATE,
        header::PROXY_AUTHORIZATION,
        header::CONTENT_LENGTH,
    ]
    .contains(name)
        || name.as_str() == "keep-alive"
}

/// The request's headers for the owner: the end-to-end ones, the client's address, the
/// secret.
pub(super) fn outgoing(headers: &HeaderMap, node: &Node, peer: Option<&str>) -> HeaderMap {
    let mut out = HeaderMap::new();
    for (name, value) in headers {
        // The cluster's own headers (`x-xq-…`) are never a client's to send.
        if !hop_by_hop(name) && !name.as_str().starts_with("x-xq-") {
            out.append(name.clone(), value.clone());
        }
    }
    if let Some(peer) = peer {
        let chain = match headers.get("x-forwarded-for").and_then(|v| v.to_str().ok()) {
            Some(before) => format!("{before}, {peer}"),
            None => peer.to_owned(),
        };
        if let Ok(v) = HeaderValue::from_str(&chain) {
            out.insert("x-forwarded-for", v);
        }
    }
    for (name, value) in [(SECRET_HEADER, &node.secret), (FROM_HEADER, &node.id)] {
        if let Ok(v) = HeaderValue::from_str(value) {
            out.insert(name, v);
        }
    }
    out
}

/// The owner's answer, unchanged but for the hop-by-hop headers.
async fn incoming(answer: reqwest::Response) -> Response {
    let status = answer.status();
    let mut headers = HeaderMap::new();
    for (name, value) in answer.headers() {
        if !hop_by_hop(name) {
            headers.append(name.clone(), value.clone());
        }
    }
    match answer.bytes().await {
        Ok(bytes) => (status, headers, bytes).into_response(),
        Err(e) => ApiError::BadGateway(format!("the answer broke off: {e}")).into_response(),
    }
}

/// Whether a request is a competition's arbiter action forwarded by another node (see
/// [`ARBITER_HEADER`]).
pub fn competition_arbiter(app: &AppState, headers: &HeaderMap) -> bool {
    headers.contains_key(ARBITER_HEADER) && trusted(app, headers)
}
