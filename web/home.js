// The home page: create a game, then hand out its links.

import { t, toggleLang, translatePage } from "./i18n.js";
import { refusalText } from "./refusals.js";

const $ = (id) => document.getElementById(id);

async function create(event) {
  event.preventDefault();
  const form = new FormData($("create-form"));
  const button = $("create-btn");
  button.disabled = true;
  button.textContent = t("creating");
  $("error").hidden = true;
  try {
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        control: form.get("control"),
        rules: form.get("rules"),
        creator: form.get("creator"),
      }),
    });
    const answer = await response.json().catch(() => ({}));
    // The refusal in the page's language (the API's message_zh on the Chinese page).
    if (!response.ok) throw new Error(refusalText(answer));
    const mine = answer[answer.you];
    const theirs = answer[answer.you === "red" ? "black" : "red"];
    $("my-link").value = mine.url;
    $("their-link").value = theirs.url;
    $("watch-link").value = answer.watch_url;
    $("arbiter-link").value = answer.arbiter.url;
    // The game page takes the secret from the fragment and keeps it for this tab and link.
    $("play-link").href = `/g/${answer.id}#t=${mine.token}`;
    $("links").hidden = false;
  } catch (e) {
    $("error").textContent = `${t("error")}: ${e instanceof TypeError ? t("offline") : e.message}`;
    $("error").hidden = false;
  } finally {
    button.disabled = false;
    button.textContent = t("create");
  }
}

$("create-form").addEventListener("submit", create);
for (const button of document.querySelectorAll("[data-copy]")) {
  button.addEventListener("click", async () => {
    const input = $(button.dataset.copy);
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand?.("copy");
    }
    button.textContent = t("copied");
    setTimeout(() => (button.textContent = t("copy")), 1500);
  });
}
$("lang-btn").onclick = toggleLang;
translatePage();
document.body.dataset.ready = "1";
