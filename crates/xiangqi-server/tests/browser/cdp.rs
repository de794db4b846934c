//! Just enough of the Chrome DevTools Protocol to drive headless Chromium from a test: launch,
//! open pages in separate contexts, evaluate JavaScript, click and drag with real mouse
//! events, take screenshots.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

/// Where Chromium is, if anywhere: `$XQ_CHROMIUM`, else `chromium` or `chromium-browser` on
/// the usual paths.
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("XQ_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/lib/chromium/chromium",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.exists())
}

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Value>>>>;

/// A running browser and its DevTools connection.
pub struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    out: mpsc::UnboundedSender<String>,
    pending: Pending,
    next: AtomicU64,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One tab.
pub struct Page<'b> {
    browser: &'b Browser,
    session: String,
}

impl Browser {
    /// Starts headless Chromium with a fresh profile.
    pub async fn launch(binary: &Path) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--remote-debugging-port=0",
                "--window-size=1280,900",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let stderr = child.stderr.take().unwrap();
        let url = tokio::task::spawn_blocking(move || {
            let mut lines = BufReader::new(stderr).lines();
            let url = lines
                .by_ref()
                .map_while(Result::ok)
                .find_map(|l| l.split("DevTools listening on ").nth(1).map(str::to_owned));
            // Keep draining so Chromium never blocks on a full pipe.
            std::thread::spawn(move || for _ in lines {});
            url
        });
        let url = tokio::time::timeout(Duration::from_secs(30), url)
            .await
            .expect("chromium prints its DevTools URL within 30 s")
            .unwrap()
            .expect("a DevTools URL");
        let (socket, _) = tokio_tungstenite::connect_async(url.trim()).await.unwrap();
        let (mut sink, mut stream) = socket.split();
        let (out, mut outgoing) = mpsc::unbounded_channel::<String>();
        tokio::spawn(async move {
            while let Some(text) = outgoing.recv().await {
                if sink.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
        });
        let pending: Pending = Arc::default();
        let replies = pending.clone();
        tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                let Message::Text(text) = message else {
                    continue;
                };
                let Ok(value) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                if let Some(id) = value["id"].as_u64()
                    && let Some(tx) = replies.lock().await.remove(&id)
                {
                    let _ = tx.send(value);
                }
            }
        });
        Browser {
            child,
            _profile: profile,
            out,
            pending,
            next: AtomicU64::new(1),
        }
    }

    /// Sends a command (to a page's session if given) and waits for its result.
    pub async fn call(&self, session: Option<&str>, method: &str, params: Value) -> Value {
        match self.try_call(session, method, params).await {
            Ok(result) => result,
            Err(error) => panic!("{method}: {error}"),
        }
    }

    /// Sends a command and waits for its result, or the browser's error (a page that is
    /// navigating answers `Runtime.evaluate` with one).
    pub async fn try_call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, Value> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = session.into();
        }
        let (tx, rx) = oneshot::channel();
        self.pending.lock().await.insert(id, tx);
        self.out.send(message.to_string()).unwrap();
        let reply = tokio::time::timeout(Duration::from_secs(20), rx)
            .await
            .unwrap_or_else(|_| panic!("{method}: no answer in 20 s"))
            .unwrap();
        match reply.get("error") {
            Some(error) => Err(error.clone()),
            None => Ok(reply["result"].clone()),
        }
    }

    /// A new tab in its own browser context (its own storage), at `url`.
    pub async fn open(&self, url: &str) -> Page<'_> {
        let context = self.context().await;
        self.open_in(&context, url).await
    }

    /// A new browser context: a profile of its own, as another person's browser.
    pub async fn context(&self) -> String {
        let context = self
            .call(None, "Target.createBrowserContext", json!({}))
            .await;
        context["browserContextId"].as_str().unwrap().to_owned()
    }

    /// A new tab in browser context `context` (tabs of one context share local storage, as
    /// the tabs of one person's browser do), at `url`.
    pub async fn open_in(&self, context: &str, url: &str) -> Page<'_> {
        let target = self
            .call(
                None,
                "Target.createTarget",
                json!({"url": "about:blank", "browserContextId": context}),
            )
            .await;
        let attached = self
            .call(
                None,
                "Target.attachToTarget",
                json!({"targetId": target["targetId"], "flatten": true}),
            )
            .await;
        let page = Page {
            browser: self,
            session: attached["sessionId"].as_str().unwrap().to_owned(),
        };
        page.call("Page.enable", json!({})).await;
        page.call("Runtime.enable", json!({})).await;
        page.call("Page.navigate", json!({"url": url})).await;
        page
    }
}

impl Page<'_> {
    /// A command on this page.
    pub async fn call(&self, method: &str, params: Value) -> Value {
        self.browser.call(Some(&self.session), method, params).await
    }

    /// Evaluates `expression` and returns its value (promises are awaited).
    pub async fn eval(&self, expression: &str) -> Value {
        let params = json!({"expression": expression, "returnByValue": true, "awaitPromise": true});
        // A page caught between two documents (a link followed, a reload) refuses the
        // evaluation; the test meant the document that comes, so ask it again.
        let mut result = self
            .browser
            .try_call(Some(&self.session), "Runtime.evaluate", params.clone())
            .await;
        for _ in 0..20 {
            match &result {
                Err(e) if e.to_string().contains("navigated or closed") => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    result = self
                        .browser
                        .try_call(Some(&self.session), "Runtime.evaluate", params.clone())
                        .await;
                }
                _ => break,
            }
        }
        let result = result.unwrap_or_else(|e| panic!("Runtime.evaluate: {e}"));
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("{expression}: {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Waits until `expression` is truthy; panics with `what` after 10 s.
    pub async fn wait_for(&self, expression: &str, what: &str) {
        for _ in 0..200 {
            // An error (the page navigating between two polls) counts as "not yet".
            let ok = self
                .browser
                .try_call(
                    Some(&self.session),
                    "Runtime.evaluate",
                    json!({"expression": format!("Boolean({expression})"), "returnByValue": true}),
                )
                .await
                .unwrap_or_default();
            if ok["result"]["value"] == true {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("timed out waiting for {what} ({expression})");
    }

    /// The centre of the first element matching `selector`, in CSS pixels.
    pub async fn centre(&self, selector: &str) -> (f64, f64) {
        let rect = self
            .eval(&format!(
                "(() => {{ const r = document.querySelector({selector:?}).getBoundingClientRect(); \
                 return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
            ))
            .await;
        (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap())
    }

    async fn mouse(&self, kind: &str, (x, y): (f64, f64), buttons: u32) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1}),
        )
        .await;
    }

    /// A real left click at the centre of `selector`, scrolled into view first (the page
    /// scrolls itself when its lists grow).
    pub async fn click(&self, selector: &str) {
        self.eval(&format!(
            "document.querySelector({selector:?}).scrollIntoView({{block: 'nearest', inline: 'nearest'}})"
        ))
        .await;
        let at = self.centre(selector).await;
        self.mouse("mouseMoved", at, 0).await;
        self.mouse("mousePressed", at, 1).await;
        self.mouse("mouseReleased", at, 0).await;
    }

    /// The centre of a board square (`"g7"`), in CSS pixels, from the board's own geometry
    /// (an empty square has no element to aim at).
    pub async fn square(&self, square: &str) -> (f64, f64) {
        let p = self
            .eval(&format!(
                "(() => {{ const b = window.xq.board; const [x, y] = b.point({square:?}); \
                 const m = b.svg.getScreenCTM(); return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; }})()"
            ))
            .await;
        (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())
    }

    /// Drags the piece on `from` to the point `to` with the left button.
    pub async fn drag_squares(&self, from: &str, to: &str) {
        let a = self.square(from).await;
        let b = self.square(to).await;
        self.mouse("mouseMoved", a, 0).await;
        self.mouse("mousePressed", a, 1).await;
        for step in 1..=8 {
            let f = f64::from(step) / 8.0;
            self.mouse(
                "mouseMoved",
                (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f),
                1,
            )
            .await;
        }
        self.mouse("mouseReleased", b, 0).await;
    }

    /// Sets the viewport (a phone: 390 × 844 at 3×, mobile).
    pub async fn viewport(&self, width: u32, height: u32, scale: f64, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile}),
        )
        .await;
    }

    /// Saves a PNG screenshot of the page.
    pub async fn screenshot(&self, path: &Path) {
        let shot = self
            .call(
                "Page.captureScreenshot",
                json!({"format": "png", "captureBeyondViewport": false}),
            )
            .await;
        let bytes = base64_decode(shot["data"].as_str().unwrap());
        std::fs::write(path, bytes).unwrap();
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= u32::from(value(c)) << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}
