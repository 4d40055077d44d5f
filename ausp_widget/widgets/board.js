// The card table's front end: draws the state the kernel sends (piles a player may see, marks,
// legal destinations), animates each card from its old place to its new one, and sends intents
// back (click, drop, home, key). It never decides legality: it lights the destinations it was
// given and leaves every judgement to the kernel.

const SLIDE_MS = 200;
const DRAG_START_PX = 5;
const DOUBLE_MS = 400;
const PENDING_MS = 2000;
const TOAST_MS = 4500; // how long the words under the board stay
// A drop that is no move, answered where it happens (the kernel never hears of it).
const BARE = "Drop the card on a lit place: nothing was played, and it went back where it was.";
const BACK = "The card went back where it was: drop it on a lit place to move it.";

let boards = 0;
// The boxes a notebook scrolls in (JupyterLab 4, older JupyterLab and Notebook).
const SCROLLERS = ".jp-WindowedPanel-outer, .jp-Notebook, .jp-NotebookPanel-notebook";

function el(tag, cls, parent) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (parent) parent.appendChild(node);
  return node;
}

// ---- geometry -------------------------------------------------------------------------------
// A table is laid out for its cell's width and for `room`, the height the window leaves it once
// the controls above and the buttons below are on show: the whole table and its buttons fit the
// screen a class watches. Columns fan tighter as they grow, down to a step that still shows each
// covered card's index whole; then the cards get smaller, never below a size whose index a class
// can read; then a column too long for the window goes on in a second lane beside it, where the
// table has room across (one player), or makes room with smaller cards (two players; their
// indexes stay as large) (bench/board_fit.py measures it on real deals).
const GAP = 0.14; // between columns, in card widths
const SEP = 0.4; // between the stock and waste and the columns
const MID = 0.5; // between two players' tables side by side
const FAN_X = 0.42; // a waste card's least step when the waste fans sideways
const NOMINAL = 9; // a table is sized for columns this many cards deep
const TALL = 17; // two players' tables are arranged so a column this deep fits the window
const LEGIBLE_PX = 20; // a projector card's least corner index, in px: read across a classroom
const BAND = 1.1; // a covered card shows this many index heights: its index whole, a J's hook too
const LANE = 0.86; // a column's next lane starts this many card widths right of the one before

// The corner index's size: a projector card's never under LEGIBLE_PX, however small the card.
function cornerPx(w, large) {
  return Math.round(10 * (large ? Math.max(LEGIBLE_PX, w * 0.34) : w * 0.27)) / 10;
}

// How far across a card's index reaches ("10♥", the widest, in board.css's font), with a margin:
// a card over another one sideways leaves this much of it on show.
const indexWide = (w, large) => Math.ceil(w * 0.05 + 2.2 * cornerPx(w, large) + 4);

function shape(state) {
  const sides = new Map();
  let foundations = 0;
  let stock = false;
  for (const pile of state.piles || []) {
    if (pile.kind === "foundation") foundations += 1;
    if (pile.kind === "stock" || pile.kind === "waste") stock = true;
    if (pile.kind === "column") sides.set(pile.owner, (sides.get(pile.owner) || 0) + 1);
  }
  return { sides, foundations, stock, columns: Math.max(1, ...sides.values()) };
}

// How a table is arranged on a wide, low screen (a projector): one player's foundations two by
// two beside the columns ("aside"); two players side by side under one row of stocks and
// foundations ("duo") when a column TALL cards deep still fits under that row, else with the
// foundations between the two tables and every column starting at the board's top ("flank"); in
// a cell too narrow for either (JupyterLab's side panel open), "duo" with each waste squared up,
// its top card alone on show ("narrow-duo"), so the table is no wider than the cell.
// Otherwise (a narrow cell) the foundations' row lies above or between the players ("stacked").
function arrangement(state, s, width, large, room) {
  if (!Number.isFinite(room) || width < 1.4 * room) return "stacked";
  if (s.sides.size <= 1) return s.foundations <= 4 ? "aside" : "stacked";
  const duo = sized(s, widest(s, width, "duo", large), "duo", large);
  const side = across(s, floorPx(large), "duo", large) <= width ? "duo" : "narrow-duo";
  if (arrange(deep(state, TALL), duo, 0).height <= room) return side;
  return across(s, floorPx(large), "flank", large) <= width ? "flank" : side;
}

const floorPx = (large) => (large ? 46 : 34); // a narrow cell's least card
const fullPx = (large) => (large ? 124 : 78);

// The widest card (up to full size) whose table fits `width` across.
function widest(s, width, how, large) {
  let w = fullPx(large);
  while (w > floorPx(large) && across(s, w, how, large) > width) w -= 1;
  return w;
}

function sized(s, w, how, large) {
  const h = Math.round(w * 1.4);
  const font = cornerPx(w, large);
  const least = font * BAND;
  return {
    ...s, w, h, how, large, font, least, duo: how.endsWith("duo"), lanes: how === "aside" || (how === "stacked" && s.sides.size <= 1),
    gap: Math.round(w * GAP), sep: Math.round(w * SEP), mid: Math.round(w * MID),
    fanX: how === "narrow-duo" ? 0 : Math.max(Math.round(w * FAN_X), indexWide(w, large)), lane: Math.max(Math.round(w * LANE), indexWide(w, large)),
    up: Math.max(h * 0.3, least), down: h * 0.13, hidden: h * 0.06,
  };
}

// How wide a layout of card width `w` is, gaps rounded as drawn (every column in one lane).
function across(s, w, how, large) {
  const gap = Math.round(w * GAP);
  const sep = Math.round(w * SEP);
  const row = s.foundations * (w + gap) - gap;
  const band = s.columns * (w + gap) - gap;
  const lead = s.stock ? w + sep : 0; // the stock and waste's column
  if (how.endsWith("duo")) {
    const fanned = how === "duo" ? 2 * Math.max(Math.round(w * FAN_X), indexWide(w, large)) : 0;
    const block = 2 * w + gap + fanned;
    return Math.max(2 * band + Math.round(w * MID), row + 2 * block + 2 * gap) + 2 * gap;
  }
  if (how === "flank") return 2 * lead + 2 * band + 2 * sep + 2 * w + gap + 2 * gap;
  if (how === "aside") return lead + band + sep + 2 * w + gap + 2 * gap;
  return Math.max(lead + band, row) + 2 * gap;
}

// The same piles with every column `depth` face-up cards deep.
function deep(state, depth) {
  const card = { id: "", key: "", down: false };
  const piles = (state.piles || []).map((p) => (p.kind === "column" ? { ...p, cards: Array(depth).fill(card) } : p));
  return { ...state, piles };
}

function layout(state, width, large, room = Infinity) {
  const s = shape(state);
  const how = arrangement(state, s, width, large, room);
  const legible = large ? 59 : 52; // the least card the window's height may ask for
  let w = widest(s, width, how, large);
  let bound = w === fullPx(large) ? "full" : "width"; // what holds the cards at this size
  // ... and a projector card already narrower than that (two tables in a narrow cell) may still
  // shrink to the least whose index fits it: its index stays LEGIBLE_PX.
  const least = large && w < legible ? floorPx(large) : Math.min(w, legible);
  if (Number.isFinite(room)) {
    // A table is sized for columns NOMINAL cards deep, so its cards keep their size as columns
    // grow; only a column deeper still makes them smaller.
    const fits = (st, w) => arrange(st, sized(s, w, how, large), 0).height <= room;
    const model = deep(state, NOMINAL);
    const wide = w;
    while (w > least && !fits(model, w)) w -= 1;
    while (w > least && !fits(state, w)) w -= 1;
    if (w < wide) bound = "height";
  }
  const m = sized(s, w, how, large);
  let geo = arrange(state, m, Infinity);
  if (geo.height > room) {
    const tight = arrange(state, m, 0);
    if (tight.height <= room) {
      // The loosest fan that fits: each column at most `lo` px tall.
      let lo = 0;
      let hi = geo.height;
      for (let i = 0; i < 12; i++) {
        const mid = (lo + hi) / 2;
        if (arrange(state, m, mid).height <= room) lo = mid;
        else hi = mid;
      }
      geo = arrange(state, m, lo);
    } else {
      // Too tall at the tightest fan: the longest columns go on in lanes, where they fit across;
      // two players' tables make room across with smaller cards (their indexes as large).
      const sizes = m.lanes ? [m] : [];
      for (let v = w; !m.lanes && v >= floorPx(large); v -= 2) sizes.push({ ...sized(s, v, how, large), lanes: true });
      geo = tight;
      for (const mm of sizes) {
        const tightest = mm === m ? tight : arrange(state, mm, 0);
        const folded = arrange(state, mm, room - tightest.colTop - tightest.tail - 0.05, true);
        if (folded.height <= room && folded.width <= width) {
          geo = folded;
          bound = "lanes";
          break;
        }
      }
    }
  }
  return { ...geo, room, bound };
}

// Where each card of a column lies from the column's top left, and how wide the column is.
// Face-up cards fan by `up`, tighter when the column would be taller than `colMax`, never past
// `least` (a covered card's index shows whole); face-down cards closer still. A column still too
// tall, where the table may `fold`, goes on at the top of a second lane to its right, that lane's
// cards over the first lane's right edge (its indexes still show), in as few lanes as fit.
function fan(cards, m, colMax, fold) {
  const last = cards.length - 1;
  const covered = cards.slice(0, Math.max(0, last));
  const downs = covered.filter((card) => card.down).length;
  const ups = covered.length - downs;
  const tall = (step, under) => m.h + downs * under + ups * step;
  let step = m.up;
  let under = m.down;
  if (ups && tall(step, under) > colMax) step = Math.max(m.least, (colMax - m.h - downs * under) / ups);
  if (downs && tall(step, under) > colMax) under = Math.max(m.hidden, (colMax - m.h - ups * step) / downs);
  if (!fold || !ups || tall(step, under) <= colMax) {
    let at = 0;
    const spots = cards.map((card) => {
      const spot = { dx: 0, dy: at };
      at += card.down ? under : step;
      return spot;
    });
    return { spots, span: m.w, height: cards.length ? spots[last].dy + m.h : m.h };
  }
  // Lanes: as few as fit at `least`; then the loosest step that needs no more, and lanes as
  // even as they can be (the shortest cap on a lane's height that needs no more either).
  const lanesAt = (st, cap) => {
    const spots = [];
    let lane = 0;
    let at = 0;
    cards.forEach((card, i) => {
      if (i && at + m.h > cap + 0.01) {
        lane += 1;
        at = 0;
      }
      spots.push({ dx: lane * m.lane, dy: at });
      at += card.down ? m.hidden : st;
    });
    return { spots, lanes: lane + 1 };
  };
  // The largest value from `lo` (which fits) to `hi` that `fits`.
  const largest = (fits, lo, hi) => {
    for (let i = 0; i < 12; i++) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  const fewest = lanesAt(m.least, colMax).lanes;
  const st = largest((s) => lanesAt(s, colMax).lanes <= fewest, m.least, m.up);
  const cut = largest((c) => lanesAt(st, colMax - c).lanes <= fewest, 0, colMax - m.h);
  const { spots, lanes } = lanesAt(st, colMax - cut);
  return { spots, span: m.w + (lanes - 1) * m.lane, height: Math.max(...spots.map((p) => p.dy)) + m.h };
}

function arrange(state, m, colMax, fold = false) {
  const { w, h, gap } = m;
  const pad = gap;
  const piles = state.piles || [];
  const player = state.player || 0;
  const owners = [...m.sides.keys()].sort((a, b) => b - a); // stacked: the bot's side (1) on top
  const label = Math.round(Math.max(12, w * 0.2));
  const items = []; // {id, key, kind, item, pile, x, y, z}
  const zones = new Map(); // pile id -> drop rect
  const stops = []; // keyboard stops: [pileId, [spot ids bottom first]]
  const mine = (owner, kind) => piles.filter((p) => p.owner === owner && p.kind === kind);
  // Each column's fan, and how wide each player's columns are side by side.
  const fans = new Map(piles.filter((p) => p.kind === "column").map((p) => [p.id, fan(p.cards, m, colMax, fold)]));
  const bandOf = (owner) => {
    const spans = mine(owner, "column").map((p) => fans.get(p.id).span);
    return spans.length ? spans.reduce((a, b) => a + b + gap, -gap) : 0;
  };
  const plain = m.columns * (w + gap) - gap; // a player's columns side by side, each in one lane
  const bands = new Map(owners.map((o) => [o, Math.max(plain, bandOf(o))]));
  const band = Math.max(plain, ...bands.values());
  const lead = m.stock ? w + m.sep : 0; // the stock and waste's column, left of the columns
  const sideWidth = lead + band;
  const rowWidth = m.foundations * (w + gap) - gap;
  const widths = {
    stacked: Math.max(sideWidth, rowWidth) + 2 * pad,
    aside: sideWidth + m.sep + 2 * w + gap + 2 * pad,
  };
  // Two players' tables are as wide as the arrangement needs, or wider by what a column that
  // goes on in a second lane adds to its player's band.
  const wider = [...bands.values()].reduce((sum, b) => sum + b - plain, 0);
  const total = widths[m.how] ?? across(m, w, m.how, m.large) + wider;
  let y = pad;
  let colTop = 0; // where the columns start, and what the table adds below them
  let tail = pad;

  const ids = (pile) => (pile.cards.length ? [pile.cards[pile.cards.length - 1].id] : [pile.id]);

  // Cards of a pile at (x, top) fanned down by `fan(card, i)` (or sideways by `fanX`); an empty
  // pile is its placeholder. Returns the pile's bottom edge.
  function place(pile, x, top, fan, fanX = 0) {
    if (pile.kind === "stock") {
      items.push({ id: pile.id, key: `stock:${pile.id}`, kind: "stock", item: pile, pile: pile.id, x, y: top, z: 1 });
      return top + h;
    }
    if (!pile.cards.length) {
      items.push({ id: pile.id, key: `slot:${pile.id}`, kind: "slot", item: pile, pile: pile.id, x, y: top, z: 0 });
      return top + h;
    }
    let at = top;
    pile.cards.forEach((card, i) => {
      const stacked = pile.kind === "foundation";
      const left = x + (stacked ? 0 : i * fanX);
      items.push({ id: card.id, key: card.key, kind: "card", item: card, pile: pile.id, x: left, y: stacked ? top : at, z: 2 + i });
      if (!stacked && !fanX && i < pile.cards.length - 1) at += fan(card, i);
    });
    return at + h;
  }

  const foundation = (pile, x, at) => {
    place(pile, x, at, null);
    zones.set(pile.id, { x: x - gap / 2, y: at - gap / 2, w: w + gap, h: h + gap });
    if (pile.label) items.push({ key: `lab:${pile.id}`, kind: "label", text: pile.label, x, y: at + h + 2, z: 1 });
    stops.push([pile.id, ids(pile)]);
  };

  const foundationRow = (left) => {
    const row = piles.filter((p) => p.kind === "foundation");
    row.forEach((pile, k) => foundation(pile, left + k * (w + gap), y));
    return row;
  };

  // The foundations two by two from (left, top); returns their bottom edge.
  const foundationGrid = (left, top) => {
    const row = piles.filter((p) => p.kind === "foundation");
    const named = row.some((p) => p.label);
    const pitch = h + gap + (named ? label + 4 : 0);
    row.forEach((pile, k) => foundation(pile, left + (k % 2) * (w + gap), top + Math.floor(k / 2) * pitch));
    return top + Math.ceil(row.length / 2) * pitch - gap;
  };

  // One column of cards at (x, top), fanned as `fan` laid it out; returns its bottom edge.
  const column = (pile, x, top) => {
    items.push({ key: `num:${pile.id}`, kind: "number", text: String(pile.index + 1), x, y: top - label - 2, z: 1 });
    const { spots, span, height } = fans.get(pile.id);
    if (!pile.cards.length) {
      items.push({ id: pile.id, key: `slot:${pile.id}`, kind: "slot", item: pile, pile: pile.id, x, y: top, z: 0 });
    }
    pile.cards.forEach((card, i) => {
      const at = spots[i];
      items.push({ id: card.id, key: card.key, kind: "card", item: card, pile: pile.id, x: x + at.dx, y: top + at.dy, z: 2 + i });
    });
    const end = top + height;
    zones.set(pile.id, { x: x - gap / 2, y: top - label, w: span + gap, h: end - top + label + h * 0.6 });
    const up = pile.cards.length ? pile.cards.filter((card) => !card.down).map((card) => card.id) : [pile.id];
    stops.push([pile.id, up.length ? up : [pile.cards[pile.cards.length - 1].id]]);
    return end;
  };

  // A player's columns side by side from `left`; returns their bottom edge.
  const columns = (owner, left, top) => {
    let x = left;
    let bottom = top + h;
    for (const pile of mine(owner, "column")) {
      bottom = Math.max(bottom, column(pile, x, top));
      x += fans.get(pile.id).span + gap;
    }
    return bottom;
  };

  // A player's stock and waste side by side, the waste fanned sideways (two players side by side).
  const block = (owner, left) => {
    const [stock] = mine(owner, "stock");
    const [waste] = mine(owner, "waste");
    if (stock) {
      place(stock, left, y, null);
      stops.push([stock.id, [stock.id]]);
    }
    if (waste) {
      const x = left + w + gap;
      place(waste, x, y, () => 0, m.fanX);
      zones.set(waste.id, { x, y, w: w + 2 * m.fanX, h });
      stops.push([waste.id, ids(waste)]);
    }
    const caption = (state.captions || [])[owner] || "";
    items.push({ key: `cap:${owner}`, kind: "caption", text: caption, x: left, y: y + h + 2, z: 1 });
  };

  // A player's stock at (left, top) and the waste fanned down under it; returns their bottom.
  const pack = (owner, left, top) => {
    const [stock] = mine(owner, "stock");
    const [waste] = mine(owner, "waste");
    let bottom = top;
    if (stock) {
      bottom = place(stock, left, top, null);
      stops.push([stock.id, [stock.id]]);
    }
    if (waste) {
      const wasteTop = top + h + gap * 1.5;
      bottom = place(waste, left, wasteTop, () => Math.max(h * 0.24, m.least));
      zones.set(waste.id, { x: left, y: wasteTop, w, h: bottom - wasteTop });
      stops.push([waste.id, ids(waste)]);
    }
    return bottom;
  };

  const others = () => {
    const you = owners.includes(player) ? player : owners[owners.length - 1];
    return [you, owners.find((o) => o !== you)];
  };

  // Two players side by side: stocks and wastes at the ends of the foundations' row, yours on
  // the left, each player's columns under their own stock.
  const duo = () => {
    const [you, them] = others();
    const widthOf = 2 * w + gap + 2 * m.fanX;
    block(you, pad);
    block(them, total - pad - widthOf);
    foundationRow((total - rowWidth) / 2);
    y += h + label + 6 + gap;
    const top = y + label + 2;
    const start = (total - (bands.get(you) + bands.get(them) + m.mid)) / 2;
    colTop = top;
    let bottom = top + h;
    bottom = Math.max(bottom, columns(you, start, top), columns(them, start + bands.get(you) + m.mid, top));
    y = bottom + pad;
  };

  // Two players side by side on a low screen: each player's stock and waste at their own outer
  // edge, the foundations two by two between the two tables, every column from the board's top.
  const flank = () => {
    const [you, them] = others();
    const top = y + label + 2;
    colTop = top;
    const middle = pad + lead + bands.get(you) + m.sep;
    let bottom = foundationGrid(middle, top);
    const sides = [
      [you, pad, pad + lead],
      [them, total - pad - w, middle + 2 * w + gap + m.sep],
    ];
    for (const [owner, at, left] of sides) {
      const end = pack(owner, at, top);
      const caption = (state.captions || [])[owner] || "";
      // The right-hand caption ends at the board's edge: begun under a narrow stock, a longer
      // name ("The bot") would run off the felt.
      const right = owner === them;
      const x = right ? total - pad : at;
      items.push({ key: `cap:${owner}`, kind: "caption", text: caption, x, y: end + 2, z: 1, right });
      bottom = Math.max(bottom, end + label + 4, columns(owner, left, top));
    }
    y = bottom + pad;
  };

  const side = (owner, at) => {
    const left = at ?? pad + (total - 2 * pad - sideWidth) / 2;
    if (owners.length > 1) {
      const caption = (state.captions || [])[owner] || "";
      items.push({ key: `cap:${owner}`, kind: "caption", text: caption, x: left, y, z: 1 });
      y += label + 4;
    }
    const top = y + label + 2;
    colTop = top;
    tail = gap * 2;
    const bottom = Math.max(top + h, pack(owner, left, top), columns(owner, left + lead, top));
    y = bottom + gap * 2;
  };

  // One player on a wide, low screen: the foundations two by two right of the columns.
  const aside = () => {
    const block = foundationGrid(pad + sideWidth + m.sep, y + label + 2);
    const before = y;
    owners.forEach((owner) => side(owner, pad));
    y = Math.max(y, block + pad, before);
  };

  const stackedRow = () => {
    const row = foundationRow(owners.length > 1 ? (total - rowWidth) / 2 : total - pad - rowWidth);
    if (row.length) y += h + (row.some((p) => p.label) ? label + 6 : 0) + gap * 1.5;
  };

  if (m.duo) {
    duo();
  } else if (m.how === "flank") {
    flank();
  } else if (m.how === "aside") {
    aside();
  } else if (owners.length > 1) {
    side(owners[0]);
    stackedRow();
    owners.slice(1).forEach((owner) => side(owner));
  } else {
    stackedRow();
    owners.forEach((owner) => side(owner));
  }
  return { items, zones, stops, height: Math.round(y * 100) / 100, width: total, colTop, tail, m };
}

// ---- drawing a card --------------------------------------------------------------------------
function faceHTML(card) {
  const rank = card.rank;
  return (
    `<span class="ausp-corner">${rank}<span class="ausp-corner-suit">${card.suit}</span></span>` +
    `<span class="ausp-pip">${card.suit}</span>`
  );
}

function paint(node, entry) {
  const { kind, item } = entry;
  if (kind === "label" || kind === "number" || kind === "caption") {
    node.textContent = entry.text;
    return;
  }
  if (kind === "stock") {
    node.innerHTML = item.size ? String(item.size) : '<span class="ausp-slot-word">stock</span>';
    node.setAttribute("aria-label", item.label_text);
    node.title = item.title;
    return;
  }
  if (kind === "slot") {
    let mark = "";
    if (item.kind === "foundation") mark = item.suit || "";
    else if (item.kind === "column") mark = item.accepts || "";
    if (mark) node.innerHTML = `<span class="ausp-slot-mark">${mark}</span>`;
    else node.innerHTML = item.kind === "waste" ? '<span class="ausp-slot-word">waste</span>' : "";
    node.setAttribute("aria-label", item.label_text);
    node.title = item.title;
    return;
  }
  if (item.down) {
    node.innerHTML = "";
  } else {
    node.innerHTML = faceHTML(item) + (item.protected ? '<span class="ausp-lock" aria-hidden="true">P</span>' : "");
  }
  node.setAttribute("aria-label", item.label);
  node.title = item.label;
}

function classesOf(entry) {
  const { kind, item } = entry;
  if (kind === "label") return "ausp-pile-name";
  if (kind === "number") return "ausp-col-number";
  if (kind === "caption") return entry.right ? "ausp-caption ausp-caption-right" : "ausp-caption";
  const out = ["ausp-card"];
  if (kind === "stock") out.push(item.size ? "ausp-back" : "ausp-slot", "ausp-stock");
  else if (kind === "slot") out.push("ausp-slot", `ausp-slot-${item.kind}`);
  else if (item.down) out.push("ausp-back");
  else {
    out.push("ausp-face", item.red ? "ausp-red" : "ausp-black", `ausp-suit-${"♣♦♥♠".indexOf(item.suit)}`);
    if (item.protected) out.push("ausp-protected");
  }
  const pileTheirs = entry.theirs;
  if (pileTheirs) out.push("ausp-theirs");
  for (const mark of item.marks || []) out.push(mark);
  return out.join(" ");
}

// ---- the board ---------------------------------------------------------------------------------
function render({ model, el: host }) {
  const uid = `ausp-b${++boards}`;
  const root = el("div", "ausp-cardtable", host);
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", "card table: arrow keys move between piles, Enter picks up or places, D draws, H hints, U undoes");
  const felt = el("div", "ausp-felt", root);
  // What the board says about a gesture that did nothing, and its answers to Hint and Winnable?:
  // a line under the cards, never over them, two lines high whether words show or not (one line
  // where two would leave a table at its least cards taller than the window: its words then end
  // in "…"). Its height changes only when the table is laid out, never when words come or go.
  const toast = el("div", "ausp-toast", root);
  toast.setAttribute("aria-hidden", "true");
  const words = el("span", "ausp-toast-words", toast);
  const live = el("div", "ausp-sr", root);
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");

  const nodes = new Map(); // key -> {node, sig, x, y, z, entry}
  let geo = null;
  let byId = new Map();
  let theirsPiles = new Set();
  let lastDeal = model.get("deal");
  let drag = null; // {id, group:[{rec,x,y}], startX, startY, moved, pointerId, pile}
  let pending = null; // a timer: a drop the kernel has not answered yet
  let pendingGroup = null; // the cards of that drop, waiting where they were dropped
  let lastClick = { id: null, t: 0 };
  let focusStop = [0, 0];
  let sentAt = null;

  const state = () => model.get("state") || {};
  const version = () => state().v || 0;

  function send(message) {
    sentAt = performance.now();
    model.send({ ...message, v: version() });
  }

  function width() {
    return Math.max(260, host.clientWidth);
  }

  // The height the table may take: what the window shows of the box the page scrolls in, less
  // what the app shows above the board and the buttons right under it (they stay on screen too).
  function room() {
    let view = window.innerHeight || 900;
    let scroller = null;
    for (let box = host.parentElement; box && box !== document.body; box = box.parentElement) {
      const flow = getComputedStyle(box).overflowY;
      const scrolls = box.scrollHeight > box.clientHeight + 1 || box.matches(SCROLLERS);
      if ((flow === "auto" || flow === "scroll") && box.clientHeight > 0 && scrolls) {
        scroller = box;
        break;
      }
    }
    const seen = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: view };
    view = Math.min(seen.bottom, view) - Math.max(seen.top, 0);
    const top = (host.closest(".ausp-app") || host.closest(".ausp-table") || host).getBoundingClientRect().top;
    const here = host.getBoundingClientRect();
    let below = 0;
    const next = host.nextElementSibling;
    for (const button of next ? next.querySelectorAll("button") : []) {
      if (button.offsetParent !== null) below = Math.max(below, button.getBoundingClientRect().bottom - here.bottom);
    }
    const line = toast.offsetHeight + parseFloat(getComputedStyle(toast).marginTop || "0");
    return Math.floor(view - (here.top - top) - below - line - 4);
  }

  // A board in a hidden tab has no width: it is laid out when it is shown (the resize observer
  // calls again), never for a width it does not have.
  let unseen = false;
  let lastRoom = null;

  // The controls around the board may settle after it is drawn, and a window may be resized:
  // the table is laid out again when the height it may take has changed.
  function recheck() {
    if (host.clientWidth && lastRoom !== null && Math.abs(room() - lastRoom) > 2) draw(false);
  }

  // What stands above the board may change height without a move: a result banner coming or
  // going, a line of words wrapping. The table it sits in is watched, so the board is measured
  // again whenever it changes size (a change of the board's own size leaves its room as it was,
  // and draws nothing); the next frame, so a redraw never runs inside the observer's callback.
  let watched = null;
  let settling = 0;
  const around = new ResizeObserver(() => {
    cancelAnimationFrame(settling);
    settling = requestAnimationFrame(recheck);
  });
  function watchAround() {
    const table = host.closest(".ausp-app") || host.closest(".ausp-table");
    if (!table || table === watched) return;
    if (watched) around.unobserve(watched);
    around.observe((watched = table));
  }

  function draw(animate) {
    if (!host.clientWidth) {
      unseen = true;
      return;
    }
    unseen = false;
    const st = state();
    const large = model.get("large");
    root.classList.toggle("ausp-large", !!large);
    root.classList.toggle("ausp-four-colour", !!model.get("four_colour"));
    const still = model.get("reduced_motion") || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    root.classList.toggle("ausp-still", !!still);
    if (answerAt !== null && version() !== answerAt) quiet(); // a move made: the answer is old news
    oneLine(false);
    geo = layout(st, width(), large, room());
    if (geo.height > geo.room + 1) {
      oneLine(true);
      geo = layout(st, width(), large, room());
    }
    lastRoom = geo.room;
    watchAround();
    tooBig(geo.height > geo.room + 1 || geo.width > width() + 1);
    root.dataset.room = String(geo.room); // the height the table was laid out for
    root.dataset.bound = geo.bound; // what holds its cards at their size: full, width or height
    felt.style.height = `${Math.ceil(geo.height)}px`;
    felt.style.width = `${Math.ceil(geo.width)}px`;
    root.style.setProperty("--w", `${geo.m.w}px`);
    root.style.setProperty("--h", `${geo.m.h}px`);
    root.style.setProperty("--corner", `${geo.m.font}px`);
    theirsPiles = new Set((st.piles || []).filter((p) => p.theirs && p.owner !== null).map((p) => p.id));
    const dealing = model.get("deal") !== lastDeal;
    lastDeal = model.get("deal");
    const stocks = new Map();
    for (const entry of geo.items) if (entry.kind === "stock") stocks.set(entry.item.owner, entry);
    const seen = new Set();
    byId = new Map();
    let order = 0;
    for (const entry of geo.items) {
      entry.theirs = theirsPiles.has(entry.pile);
      seen.add(entry.key);
      if (entry.id) byId.set(entry.id, entry);
      let rec = nodes.get(entry.key);
      const fresh = !rec;
      if (fresh) {
        const node = el("div", "", felt);
        if (entry.id) node.dataset.spot = entry.id;
        node.id = `${uid}-${nodes.size}-${Math.random().toString(36).slice(2, 7)}`;
        if (entry.kind === "card" || entry.kind === "stock" || entry.kind === "slot") node.setAttribute("role", "button");
        rec = { node, sig: "", x: null, y: null, z: 0 };
        nodes.set(entry.key, rec);
      }
      rec.entry = entry;
      if (entry.id) rec.node.dataset.spot = entry.id;
      const sig = JSON.stringify([entry.kind, entry.item && { ...entry.item, marks: undefined }, entry.text]);
      if (sig !== rec.sig) {
        paint(rec.node, entry);
        rec.sig = sig;
      }
      const cls = classesOf(entry);
      if (rec.node.className !== cls) rec.node.className = cls;
      const moving = rec.x !== null && (rec.x !== entry.x || rec.y !== entry.y);
      const z = entry.z;
      if (fresh && animate && entry.kind === "card") {
        const from = stocks.get(entry.item && ownerOf(entry.pile));
        const flip = entry.item && !entry.item.down;
        if ((dealing || entry.pile.startsWith("waste") || entry.pile.startsWith("column")) && from && !still) {
          rec.node.style.transition = "none";
          rec.node.style.transform = `translate(${from.x}px, ${from.y}px)`;
          rec.node.getBoundingClientRect();
          rec.node.style.transition = "";
          if (dealing) rec.node.style.transitionDelay = `${Math.min(order++ * 12, 900)}ms`;
        } else if (flip && !still) {
          rec.node.animate?.([{ transform: `translate(${entry.x}px, ${entry.y}px) scaleX(0.1)` }, { transform: `translate(${entry.x}px, ${entry.y}px) scaleX(1)` }], { duration: 160 });
        }
      }
      if (fresh || moving || dealing) {
        rec.node.style.transform = `translate(${entry.x}px, ${entry.y}px)`;
        if (moving) rec.node.style.transitionDelay = "";
      }
      // A card in flight rides above the cards it passes; it settles at its own height after.
      // Without slides (reduced motion) it is at once where it goes, at its own height there.
      rec.node.style.zIndex = String(moving && !still ? 500 + z : z);
      if (moving && !still) {
        const node = rec.node;
        setTimeout(() => {
          if (nodes.get(entry.key)?.node === node) node.style.zIndex = String(nodes.get(entry.key).entry.z);
        }, SLIDE_MS + 30);
      }
      rec.x = entry.x;
      rec.y = entry.y;
      rec.z = z;
    }
    for (const [key, rec] of nodes) {
      if (!seen.has(key)) {
        rec.node.remove();
        nodes.delete(key);
      }
    }
    release();
    if (drag && drag.group) relift(); // a state that arrived mid-drag (the bot moved): keep holding
    applyFocus();
    if (sentAt !== null) {
      root.dataset.latency = (performance.now() - sentAt).toFixed(1);
      sentAt = null;
    }
    requestAnimationFrame(recheck);
    root.dataset.version = String(version());
    root.dataset.drawn = String(Number(root.dataset.drawn || 0) + 1);
  }

  function ownerOf(pileId) {
    const owner = pileId.split("/")[1];
    return owner === "-" ? null : Number(owner);
  }

  // Cards left where they were dropped go to their place on the board as it is now (the new
  // state's place after a move; their old place after a refusal).
  function release() {
    if (pending) clearTimeout(pending);
    pending = null;
    for (const rec of pendingGroup || []) {
      if (nodes.get(rec.entry.key) === rec) rec.node.style.transform = `translate(${rec.x}px, ${rec.y}px)`;
    }
    pendingGroup = null;
  }

  // ---- notices ----------------------------------------------------------------------------------
  function notice() {
    const n = model.get("notice") || {};
    if (!n.text) return;
    if (n.kind === "refused" || n.kind === "error") release();
    live.textContent = n.text;
    if (n.kind === "refused" || n.kind === "error" || n.kind === "answer") {
      show(n.text, n.kind);
    } else {
      quiet(); // a move made since: the refusal or the answer is old news
    }
  }

  // Words under the board (and read out): a refusal for a few seconds, an answer (Hint,
  // Winnable?) until the next words; either goes with the next move. The line shows at most
  // two lines of them; the status line and the screen reader get them whole.
  let toastTimer = null;
  let answerAt = null; // the position an answer on show is about
  function show(text, kind) {
    live.textContent = text;
    words.textContent = text;
    toast.className = `ausp-toast ausp-toast-${kind} ausp-toast-on`;
    oneLine(short);
    clearTimeout(toastTimer);
    answerAt = kind === "answer" ? version() : null;
    if (kind !== "answer") toastTimer = setTimeout(quiet, TOAST_MS);
  }

  // A table taller or wider than the window even at its tightest (two players' tables in a narrow
  // cell, as when JupyterLab's side panel is open) says so in that line while no refusal shows.
  let fitNote = "";
  function tooBig(tall) {
    const side = document.getElementById("jp-left-stack"); // JupyterLab's left side panel
    const how = side && side.offsetWidth > 0 ? "hide the side panel (Ctrl+B) to see it" : "a larger window shows it";
    const text = tall ? `Part of the table is below the window: ${how} whole.` : "";
    root.dataset.fits = tall ? "no" : "yes";
    if (text === fitNote) return;
    fitNote = text;
    if (!toast.classList.contains("ausp-toast-on")) quiet();
  }

  function quiet() {
    answerAt = null;
    clearTimeout(toastTimer);
    words.textContent = fitNote;
    toast.className = fitNote ? "ausp-toast ausp-toast-fit" : "ausp-toast";
    oneLine(short);
  }

  // The line one line high (a table with no room for two) or two.
  let short = false;
  function oneLine(on) {
    short = on;
    toast.classList.toggle("ausp-toast-short", on);
  }

  // ---- pointer: click, double-click, drag ----------------------------------------------------------
  function spotAt(target) {
    const node = target.closest?.("[data-spot]");
    return node && felt.contains(node) ? node.dataset.spot : null;
  }

  function groupOf(id) {
    const entry = byId.get(id);
    if (!entry || entry.kind !== "card") return [];
    const pile = (state().piles || []).find((p) => p.id === entry.pile);
    if (!pile) return [];
    const at = pile.cards.findIndex((card) => card.id === id);
    const cards = pile.kind === "column" ? pile.cards.slice(at) : [pile.cards[at]];
    return cards.map((card) => nodes.get(card.key)).filter(Boolean);
  }

  function onDown(event) {
    if (event.button !== undefined && event.button !== 0) return;
    const id = spotAt(event.target);
    if (!id) return;
    root.focus({ preventScroll: true });
    drag = { id, startX: event.clientX, startY: event.clientY, moved: false, pointerId: event.pointerId, group: null, frames: [], last: 0 };
    const dests = (state().dests || {})[id];
    if (dests && dests.length) {
      try {
        felt.setPointerCapture(event.pointerId);
      } catch (_) {}
    }
    event.preventDefault();
  }

  // The cards in the hand are drawn fixed to the window, so no box around the board cuts them
  // off on their way (below the felt, over the buttons); they return to the felt when dropped.
  function lift() {
    const group = groupOf(drag.id);
    if (!group.length) return false;
    drag.group = group.map((rec) => ({ rec, x: rec.x, y: rec.y }));
    drag.box = felt.getBoundingClientRect();
    drag.dx = 0;
    drag.dy = 0;
    for (const part of drag.group) {
      const node = part.rec.node;
      node.classList.add("ausp-dragging");
      node.style.position = "fixed";
      node.style.transform = "translate(0px, 0px)";
    }
    // A page may draw "fixed" boxes relative to a box of its own (a notebook's panel): measured.
    const origin = group[0].node.getBoundingClientRect();
    drag.origin = { x: origin.left, y: origin.top };
    relift();
    const tick = (t) => {
      if (!drag || !drag.group) return;
      if (drag.last) drag.frames.push(t - drag.last);
      drag.last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return true;
  }

  // The cards in the hand stay lifted and the places they may go stay lit across a redraw.
  function relift() {
    drag.group.forEach((part, i) => {
      part.rec.node.classList.add("ausp-dragging");
      part.rec.node.style.zIndex = String(1000 + i);
      part.rec.node.style.transform = inHand(drag, part);
    });
    for (const target of (state().dests || {})[drag.id] || []) {
      for (const rec of pileNodes(target)) rec.node.classList.add("ausp-drop-ok");
    }
  }

  function pileNodes(pileId) {
    const pile = (state().piles || []).find((p) => p.id === pileId);
    if (!pile) return [];
    if (!pile.cards.length) return [nodes.get(`slot:${pileId}`)].filter(Boolean);
    return [nodes.get(pile.cards[pile.cards.length - 1].key)].filter(Boolean);
  }

  function onMove(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.moved) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      const dests = (state().dests || {})[drag.id];
      if (!dests || !dests.length || !lift()) {
        drag.moved = true; // a card that cannot move: not a click either, but it is answered
        drag.dead = true;
        root.dataset.lastDrag = `still: ${drag.id} has no move`;
        send({ kind: "lift", from: drag.id }); // the kernel says why, in a click's words
        return;
      }
      drag.moved = true;
    }
    if (drag.dead) return;
    drag.dx = dx;
    drag.dy = dy;
    for (const part of drag.group) part.rec.node.style.transform = inHand(drag, part);
  }

  // Where a card in the hand is drawn: in the window's coordinates.
  function inHand(hand, part) {
    const x = hand.box.left - hand.origin.x + part.x + hand.dx;
    return `translate(${x}px, ${hand.box.top - hand.origin.y + part.y + hand.dy}px)`;
  }

  function zoneAt(clientX, clientY) {
    const box = felt.getBoundingClientRect();
    const x = clientX - box.left;
    const y = clientY - box.top;
    for (const [id, r] of geo.zones) {
      if (x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h) return id;
    }
    return null;
  }

  // The cards in the hand go back onto the felt where they were let go, then (`back`) slide to
  // their place.
  function settle(hand, back) {
    const now = felt.getBoundingClientRect();
    for (const part of hand.group) {
      const node = part.rec.node;
      node.style.position = "";
      const x = hand.box.left + part.x + hand.dx - now.left;
      const y = hand.box.top + part.y + hand.dy - now.top;
      node.style.transform = `translate(${x}px, ${y}px)`;
      node.getBoundingClientRect(); // the slide starts from where the card was let go
      node.classList.remove("ausp-dragging");
      if (back) {
        node.style.transform = `translate(${part.rec.x}px, ${part.rec.y}px)`;
        node.style.zIndex = String(500 + part.rec.z);
        setTimeout(() => (node.style.zIndex = String(part.rec.z)), SLIDE_MS + 30);
      }
    }
    felt.querySelectorAll(".ausp-drop-ok").forEach((node) => node.classList.remove("ausp-drop-ok"));
  }

  function onUp(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const current = drag;
    drag = null;
    try {
      felt.releasePointerCapture(event.pointerId);
    } catch (_) {}
    if (current.dead) return;
    if (current.moved && current.group) {
      root.dataset.dragFrames = JSON.stringify(current.frames.map((f) => Math.round(f * 10) / 10));
      const target = zoneAt(event.clientX, event.clientY);
      const source = byId.get(current.id);
      const legal = ((state().dests || {})[current.id] || []).includes(target);
      root.dataset.lastDrag = `${current.id} -> ${target}`;
      if (!target || (source && target === source.pile)) {
        settle(current, true);
        show(target ? BACK : BARE, "refused");
        return;
      }
      settle(current, !legal);
      if (legal) {
        // The cards wait where they were dropped until the kernel's new state moves them.
        pendingGroup = current.group.map((part) => part.rec);
        pending = setTimeout(release, PENDING_MS);
      }
      send({ kind: "drop", from: current.id, to: target });
      return;
    }
    // When the player let go, not when this handler ran: on a busy machine (a projector's
    // laptop) the second click of a double-click may be handled long after it was made.
    const now = event.timeStamp || performance.now();
    const again = lastClick.id === current.id && now - lastClick.t < DOUBLE_MS;
    const spot = byId.get(current.id);
    const madeBeforeDraw = lastClick.v === version() || now < (lastClick.shownAt || 0);
    if (again && spot && spot.pile.startsWith("stock") && madeBeforeDraw) {
      // A second click on the stock made before the first one's draw was on the board (a quick
      // double-click) is dropped, even when it is handled after the draw arrived: sent, it
      // would be a second draw. A click made after the draw shows is a draw of its own.
      lastClick = { id: null, t: 0 };
      focusOn(current.id);
      return;
    }
    // A double-click on a card that was not a click on a lit place asks to send it home: where
    // no rule allows it, the kernel says why (never two clicks that select and cancel).
    const fresh = again ? lastClick.fresh : !felt.querySelector(".ausp-selected");
    lastClick = { id: current.id, t: now, fresh, v: version() };
    const home = ((state().dests || {})[current.id] || []).some((d) => d.startsWith("foundation"));
    if (again && (home || (fresh && mayGoHome(current.id)))) {
      lastClick = { id: null, t: 0 };
      send({ kind: "home", from: current.id });
    } else {
      send({ kind: "click", to: current.id });
    }
    focusOn(current.id);
  }

  // Whether a double-click on this spot asks to send it home: a face-up card of the player's,
  // not on a foundation or the stock, on a board that takes cards sent home.
  function mayGoHome(id) {
    const entry = byId.get(id);
    if (!model.get("homes") || !entry || entry.kind !== "card" || entry.item.down || theirsPiles.has(entry.pile)) return false;
    return !entry.pile.startsWith("foundation") && !entry.pile.startsWith("stock");
  }

  function onCancel(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (drag.group) settle(drag, true);
    drag = null;
  }

  // ---- keyboard ---------------------------------------------------------------------------------
  function stops() {
    return geo ? geo.stops.filter(([pile]) => !theirsPiles.has(pile)) : [];
  }

  function focusOn(id) {
    const list = stops();
    for (let i = 0; i < list.length; i++) {
      const j = list[i][1].indexOf(id);
      if (j >= 0) {
        focusStop = [i, j];
        applyFocus();
        return;
      }
    }
  }

  function focusedId() {
    const list = stops();
    if (!list.length) return null;
    const i = Math.min(focusStop[0], list.length - 1);
    const spots = list[i][1];
    const j = Math.min(focusStop[1], spots.length - 1);
    return spots[j];
  }

  function applyFocus() {
    felt.querySelectorAll(".ausp-focus").forEach((node) => node.classList.remove("ausp-focus"));
    const id = focusedId();
    const entry = id && byId.get(id);
    const rec = entry && nodes.get(entry.key);
    if (rec && root.classList.contains("ausp-keys")) {
      rec.node.classList.add("ausp-focus");
      root.setAttribute("aria-activedescendant", rec.node.id);
    }
  }

  function onKey(event) {
    const list = stops();
    if (!list.length) return;
    const key = event.key;
    let [i, j] = focusStop;
    i = Math.min(i, list.length - 1);
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    root.classList.add("ausp-keys");
    if (key === "ArrowRight" || key === "ArrowLeft") {
      i = (i + (key === "ArrowRight" ? 1 : list.length - 1)) % list.length;
      j = list[i][1].length - 1;
    } else if (key === "ArrowDown" || key === "ArrowUp") {
      j = Math.max(0, Math.min(list[i][1].length - 1, Math.min(j, list[i][1].length - 1) + (key === "ArrowDown" ? 1 : -1)));
    } else if (key === "Enter" || key === " ") {
      const id = focusedId();
      if (id) send({ kind: "click", to: id });
      handled();
      return;
    } else if (key === "Escape") {
      send({ kind: "key", action: "cancel" });
      handled();
      return;
    } else if (key.length === 1 && "dhur".includes(key.toLowerCase()) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      send({ kind: "key", action: { d: "draw", h: "hint", u: "undo", r: "redo" }[key.toLowerCase()] });
      handled();
      return;
    } else {
      return;
    }
    focusStop = [i, j];
    applyFocus();
    const id = focusedId();
    const entry = id && byId.get(id);
    if (entry) live.textContent = (entry.item && (entry.item.label || entry.item.label_text)) || "";
    handled();
  }

  felt.addEventListener("pointerdown", onDown);
  felt.addEventListener("pointermove", onMove);
  felt.addEventListener("pointerup", onUp);
  felt.addEventListener("pointercancel", onCancel);
  felt.addEventListener("dragstart", (event) => event.preventDefault());
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", () => root.classList.remove("ausp-keys"));

  const redraw = () => draw(true);
  const relook = () => draw(false);
  const onState = () => {
    // When the board first moved on after a click: a second click made before is its double.
    if (lastClick.id && lastClick.v !== version() && !lastClick.shownAt) {
      lastClick.shownAt = performance.now();
    }
    redraw();
  };
  model.on("change:state", onState);
  model.on("change:large", relook);
  model.on("change:four_colour", relook);
  model.on("change:reduced_motion", relook);
  model.on("change:notice", notice);
  let lastWidth = 0;
  const resize = new ResizeObserver(() => {
    const now = host.clientWidth;
    if (now && (now !== lastWidth || unseen)) {
      lastWidth = now;
      draw(false);
    }
  });
  resize.observe(host);
  window.addEventListener("resize", recheck);
  draw(false);
  notice();
  return () => {
    resize.disconnect();
    around.disconnect();
    cancelAnimationFrame(settling);
    window.removeEventListener("resize", recheck);
    model.off("change:state", onState);
    model.off("change:large", relook);
    model.off("change:four_colour", relook);
    model.off("change:reduced_motion", relook);
    model.off("change:notice", notice);
  };
}

export default { render };
