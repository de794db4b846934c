//! More of a person's input for the board tests: keys, a finger (touch events on an emulated
//! phone), a link typed into the address bar, and where things are on the screen.

use serde_json::{Value, json};

use crate::cdp::Page;

impl Page<'_> {
    /// Presses and releases a key (`"ArrowLeft"`, `"End"`, …) on the focused page.
    pub async fn key(&self, key: &str) {
        let code = match key {
            "ArrowLeft" => 37,
            "ArrowRight" => 39,
            "Home" => 36,
            "End" => 35,
            other => panic!("no key code for {other}"),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}),
            )
            .await;
        }
    }

    /// Makes the page a touch screen (with [`Page::viewport`]'s `mobile`).
    pub async fn touch_screen(&self) {
        self.call(
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": true, "maxTouchPoints": 1}),
        )
        .await;
    }

    async fn finger(&self, kind: &str, at: Option<(f64, f64)>) {
        let points: Vec<Value> = at
            .map(|(x, y)| json!({"x": x, "y": y}))
            .into_iter()
            .collect();
        self.call(
            "Input.dispatchTouchEvent",
            json!({"type": kind, "touchPoints": points}),
        )
        .await;
    }

    /// A tap of a finger at a point.
    pub async fn tap(&self, at: (f64, f64)) {
        self.finger("touchStart", Some(at)).await;
        self.finger("touchEnd", None).await;
    }

    /// A finger pressed at `a`, slid to `b` in steps, lifted.
    pub async fn swipe(&self, a: (f64, f64), b: (f64, f64)) {
        self.finger("touchStart", Some(a)).await;
        for step in 1..=8 {
            let f = f64::from(step) / 8.0;
            let at = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f);
            self.finger("touchMove", Some(at)).await;
        }
        self.finger("touchEnd", None).await;
    }

    /// Goes to `url` as if typed into the address bar (a fragment change stays on the page).
    pub async fn navigate(&self, url: &str) {
        self.call("Page.navigate", json!({"url": url})).await;
    }

    /// The selectors among `selectors` whose boxes are not wholly inside the viewport, and the
    /// page's vertical scroll (a page that scrolled by itself moved the board).
    pub async fn off_screen(&self, selectors: &[&str]) -> (Vec<String>, f64) {
        let list = serde_json::to_string(selectors).unwrap();
        let answer = self
            .eval(&format!(
                "(() => {{ const out = []; for (const s of {list}) {{ const n = document.querySelector(s); \
                 const r = n && n.getBoundingClientRect(); \
                 if (!r || r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 \
                 || r.right > innerWidth + 0.5) out.push(s + ' ' + JSON.stringify(r)); }} \
                 return [out, scrollY]; }})()"
            ))
            .await;
        (
            serde_json::from_value(answer[0].clone()).unwrap(),
            answer[1].as_f64().unwrap(),
        )
    }
}
