// Rulings in the reader's language and notation, written from the structured ruling (the
// referee's `reason`, `offender`, and the cycle's moves with their labels and articles; the API
// describes them), never from the server's prose, which names moves in ICCS.
//
// A move of the cycle is named as the move list names it (Chinese, WXF or ICCS). An order's
// forbidden moves repeat moves of the cycle from the same positions, so each is named as that
// cycle move is.

import { currentLang, t, addText } from "./i18n.js";

addText({
  zh: {
    why_checkmate: "绝杀", why_stalemate: "困毙", why_perpetual_check: "长将", why_perpetual_chase: "长捉",
    why_perpetual_mate_threat: "长杀", why_check_and_chase: "一将一捉", why_repetition_draw: "循环反复，双方均为允许着法",
    why_natural_limit: "自然限着", why_insufficient_material: "双方均无进攻子力", why_illegal_move: "走棋违例",
    why_flag: "超时", why_resignation: "认输", why_agreement: "双方议和", why_fouls: "犯规累计",
    why_move_limit: "限着届满", why_late_arrival: "迟到", why_misconduct: "严重违纪", why_refusal: "拒绝比赛",
    why_adjudication: "裁判裁定",
    ruling_offender: (who, why, result) => `${who}${why}，${result}。`,
    ruling_plain: (why, result) => `${why}，${result}。`,
    cycle_intro: "循环着法：",
    cycle_move: (ply, move, label, article) => `第${ply}着 ${move}（${label}${article ? `，${article}` : ""}）`,
    cycle_sep: "；",
    claimed_by: (who) => `（${who}提出）`,
    kind_check: "将", kind_mate_threat: "杀", kind_chase: "捉", kind_exchange: "兑", kind_sacrifice: "献",
    kind_block: "拦", kind_follow: "跟", kind_answer_check: "闲（应将）", kind_idle: "闲",
  },
  en: {
    why_checkmate: "checkmate", why_stalemate: "stalemate (no legal move)", why_perpetual_check: "perpetual check",
    why_perpetual_chase: "perpetual chase", why_perpetual_mate_threat: "perpetual mate threat",
    why_check_and_chase: "one check, one chase", why_repetition_draw: "a repetition both sides may make",
    why_natural_limit: "the natural move limit", why_insufficient_material: "no attacking pieces left",
    why_illegal_move: "an illegal move", why_flag: "time forfeit", why_resignation: "resignation",
    why_agreement: "agreement", why_fouls: "the foul limit", why_move_limit: "the declared move limit",
    why_late_arrival: "late arrival", why_misconduct: "misconduct", why_refusal: "refusal to play",
    why_adjudication: "the arbiter's adjudication",
    ruling_offender: (who, why, result) => `${who}: ${why}. ${result}.`,
    ruling_plain: (why, result) => `${why[0].toUpperCase()}${why.slice(1)}. ${result}.`,
    cycle_intro: "The cycle: ",
    cycle_move: (ply, move, label, article) => `ply ${ply} ${move} (${label}${article ? `, ${article}` : ""})`,
    cycle_sep: "; ",
    claimed_by: (who) => ` (claimed by ${who})`,
    kind_check: "check", kind_mate_threat: "mate threat", kind_chase: "chase", kind_exchange: "exchange offer",
    kind_sacrifice: "sacrifice offer", kind_block: "block", kind_follow: "follow", kind_answer_check: "idle (answering check)",
    kind_idle: "idle",
  },
});

const HAN = /[\u3400-\u9fff]/;

/** A cycle move's or a game move's text in `notation`, found by its ply in the game. */
export function moveAt(s, notation, ply, iccs, chinese) {
  const i = ply - 1;
  if (s.moves && s.moves[i] === iccs) {
    const list = { chinese: s.moves_chinese, wxf: s.moves_wxf, iccs: s.moves }[notation];
    if (list && list[i]) return list[i];
  }
  if (notation === "iccs") return iccs;
  return chinese || iccs;
}

/** The article in the reader's language ("2020 第24.1条" → "2020 art. 24.1"); none if it cannot be said. */
export function articleText(article) {
  if (!article) return "";
  if (currentLang() === "zh") return article;
  const en = article.replace(/第([\d.]+)条/g, "art. $1");
  return HAN.test(en) ? "" : en;
}

function labelText(m) {
  if (currentLang() === "zh") return m.term_zh || m.label || t(`kind_${m.kind}`);
  const kind = t(`kind_${m.kind}`);
  return kind.startsWith("kind_") ? m.term || "" : kind;
}

/** One turn of the cycle, move by move, in the notation and language of the page. */
export function cycleText(s, cycle, notation) {
  if (!cycle || !Array.isArray(cycle.moves)) return "";
  const moves = cycle.moves.map((m) =>
    t("cycle_move", m.ply, moveAt(s, notation, m.ply, m.move, m.chinese), labelText(m), articleText(m.article)),
  );
  return t("cycle_intro") + moves.join(t("cycle_sep"));
}

/** The ruling of an ended game: who, why, the result, and the cycle if there was one. */
export function rulingText(s, notation) {
  const r = s.ruling || {};
  const why = t(`why_${r.reason}`);
  const result = t(s.result || r.result);
  let text;
  if (!r.reason || why.startsWith("why_")) {
    // A reason this page does not know: the server's words in the reader's language.
    text = (currentLang() === "zh" ? r.explanation_zh : r.explanation) || result;
  } else if (r.offender) text = t("ruling_offender", t(r.offender), why, result);
  else text = t("ruling_plain", why, result);
  if (r.claimed_by) text += t("claimed_by", t(r.claimed_by === "arbiter" ? "arbiter" : r.claimed_by));
  const cycle = cycleText(s, r.cycle, notation);
  return cycle ? `${text} ${cycle}` : text;
}

/** An order's forbidden moves named as the cycle names them. */
export function forbiddenText(s, order, notation) {
  const moves = (order.cycle && order.cycle.moves) || [];
  return order.forbidden
    .map((iccs) => {
      const m = moves.find((c) => c.move === iccs);
      if (m) return moveAt(s, notation, m.ply, m.move, m.chinese);
      // Not in the cycle's turn: the same move from the same position earlier in the game.
      const i = s.moves.lastIndexOf(iccs);
      return i >= 0 ? moveAt(s, notation, i + 1, iccs) : iccs;
    })
    .join(currentLang() === "zh" ? "、" : ", ");
}
