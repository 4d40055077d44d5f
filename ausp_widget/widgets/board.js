// The card table's front end: draws the state the kernel sends (piles a player may see, marks,
// legal destinations), animates each card from its old place to its new one, and sends intents
// back (click, drop, home, key). It never decides legality: it lights the destinations it was
// given and leaves every judgement to the kernel.

const SLIDE_MS = 200;
const DRAG_START_PX = 5;
const DOUBLE_MS = 400;
const PENDING_MS = 2000;

let boards = 0;

function el(tag, cls, parent) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (parent) parent.appendChild(node);
  return node;
}

// ---- geometry -------------------------------------------------------------------------------
function metrics(state, width, large) {
  const sides = new Map();
  let foundations = 0;
  for (const pile of state.piles || []) {
    if (pile.kind === "foundation") foundations += 1;
    if (pile.kind === "column") sides.set(pile.owner, (sides.get(pile.owner) || 0) + 1);
  }
  const columns = Math.max(1, ...sides.values());
  const g = 0.14; // the gap between columns, in card widths
  const sep = 0.4; // between the stock and waste and the columns
  const floor = large ? 46 : 34;
  // A dealt table fits the window's height on a projector: a two-player table is held to 8.8
  // card widths, one player's to 4.5 (read off one deal; bench/board_fit.py measures deals
  // 1-200: every dealt table fits, and a table in play grows taller and scrolls, since smaller
  // cards would lose their readable index).
  const tall = sides.size > 1 ? 8.8 : 4.5;
  const high = Math.floor(((window.innerHeight || 900) * 0.92 - 110) / tall);
  let w = Math.max(floor, Math.min(large ? 124 : 78, high));
  // The widest card whose whole layout, gaps rounded as drawn, fits the cell's width.
  const across = (w) => {
    const gap = Math.round(w * g);
    const row = Math.max(w + Math.round(w * sep) + columns * (w + gap) - gap, foundations * (w + gap) - gap);
    return row + 2 * gap;
  };
  while (w > floor && across(w) > width) w -= 1;
  const h = Math.round(w * 1.4);
  return { w, h, gap: Math.round(w * g), sep: Math.round(w * sep), columns, foundations, sides };
}

function layout(state, width, large) {
  const m = metrics(state, width, large);
  const { w, h, gap } = m;
  const pad = gap;
  const piles = state.piles || [];
  const owners = [...m.sides.keys()].sort((a, b) => b - a); // the bot's side (1) on top
  const label = Math.round(Math.max(12, w * 0.2));
  const up = h * 0.3; // how much of a covered face-up card shows
  const down = h * 0.13; // and of a face-down one
  const tallest = h + 11 * up; // longer columns are fanned tighter
  const items = []; // {id, key, kind, item, pile, x, y, z}
  const zones = new Map(); // pile id -> drop rect
  const stops = []; // keyboard stops: [pileId, [spot ids bottom first]]
  const sideWidth = w + m.sep + m.columns * (w + gap) - gap;
  const total = Math.max(sideWidth, m.foundations * (w + gap) - gap) + 2 * pad;
  let y = pad;

  const foundationRow = () => {
    const row = piles.filter((p) => p.kind === "foundation");
    if (!row.length) return;
    const rowWidth = row.length * (w + gap) - gap;
    const left = owners.length > 1 ? (total - rowWidth) / 2 : total - pad - rowWidth;
    row.forEach((pile, k) => {
      const x = left + k * (w + gap);
      place(pile, x, y, 0);
      zones.set(pile.id, { x: x - gap / 2, y: y - gap / 2, w: w + gap, h: h + gap });
      if (pile.label) items.push({ key: `lab:${pile.id}`, kind: "label", text: pile.label, x, y: y + h + 2, z: 1 });
      stops.push([pile.id, ids(pile)]);
    });
    y += h + (row.some((p) => p.label) ? label + 6 : 0) + gap * 1.5;
  };

  const ids = (pile) => (pile.cards.length ? [pile.cards[pile.cards.length - 1].id] : [pile.id]);

  // Cards of a pile at (x, y) fanned by `step(i)`; an empty pile is its placeholder.
  function place(pile, x, top, fan) {
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
      items.push({ id: card.id, key: card.key, kind: "card", item: card, pile: pile.id, x, y: stacked ? top : at, z: 2 + i });
      if (!stacked && i < pile.cards.length - 1) at += fan(card, i);
    });
    return at + h;
  }

  const side = (owner) => {
    const mine = piles.filter((p) => p.owner === owner && p.kind !== "foundation");
    const stock = mine.find((p) => p.kind === "stock");
    const waste = mine.find((p) => p.kind === "waste");
    const columns = mine.filter((p) => p.kind === "column");
    const left = pad + (total - 2 * pad - sideWidth) / 2;
    if (owners.length > 1) {
      const caption = (state.captions || [])[owner] || "";
      items.push({ key: `cap:${owner}`, kind: "caption", text: caption, x: left, y, z: 1 });
      y += label + 4;
    }
    const top = y + label + 2;
    let bottom = top + h;
    if (stock) {
      place(stock, left, top, null);
      stops.push([stock.id, [stock.id]]);
    }
    if (waste) {
      const wasteTop = top + h + gap * 1.5;
      const end = place(waste, left, wasteTop, () => h * 0.24);
      zones.set(waste.id, { x: left, y: wasteTop, w, h: end - wasteTop });
      stops.push([waste.id, ids(waste)]);
      bottom = Math.max(bottom, end);
    }
    columns.forEach((pile, c) => {
      const x = left + w + m.sep + c * (w + gap);
      items.push({ key: `num:${pile.id}`, kind: "number", text: String(pile.index + 1), x, y, z: 1 });
      const ups = pile.cards.filter((card) => !card.down).length;
      const downs = pile.cards.length - ups;
      let step = up;
      if (ups > 1 && h + downs * down + (ups - 1) * up > tallest) {
        step = Math.max(h * 0.19, (tallest - h - downs * down) / (ups - 1));
      }
      const end = place(pile, x, top, (card) => (card.down ? down : step));
      zones.set(pile.id, { x: x - gap / 2, y: top - label, w: w + gap, h: end - top + label + h * 0.6 });
      const spots = pile.cards.length ? pile.cards.filter((card) => !card.down).map((card) => card.id) : [pile.id];
      stops.push([pile.id, spots.length ? spots : [pile.cards[pile.cards.length - 1].id]]);
      bottom = Math.max(bottom, end);
    });
    y = bottom + gap * 2;
  };

  if (owners.length > 1) {
    side(owners[0]);
    foundationRow();
    owners.slice(1).forEach(side);
  } else {
    foundationRow();
    owners.forEach(side);
  }
  return { m, items, zones, stops, height: y, width: total };
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
  if (kind === "caption") return "ausp-caption";
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
  const toast = el("div", "ausp-toast", root);
  toast.setAttribute("aria-hidden", "true");
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
  let toastTimer = null;

  const state = () => model.get("state") || {};
  const version = () => state().v || 0;

  function send(message) {
    sentAt = performance.now();
    model.send({ ...message, v: version() });
  }

  function width() {
    return Math.max(260, host.clientWidth);
  }

  // A board in a hidden tab has no width: it is laid out when it is shown (the resize observer
  // calls again), never for a width it does not have.
  let unseen = false;

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
    geo = layout(st, width(), large);
    felt.style.height = `${Math.ceil(geo.height)}px`;
    felt.style.width = `${Math.ceil(geo.width)}px`;
    root.style.setProperty("--w", `${geo.m.w}px`);
    root.style.setProperty("--h", `${geo.m.h}px`);
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
      rec.node.style.zIndex = String(moving ? 500 + z : z);
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
    if (n.kind !== "refused" && n.kind !== "error") {
      toast.classList.remove("ausp-toast-on"); // a move made since: the refusal is old news
    } else {
      toast.textContent = n.text;
      toast.className = `ausp-toast ausp-toast-${n.kind} ausp-toast-on`;
      clearTimeout(toastTimer);
      toastTimer = setTimeout(() => toast.classList.remove("ausp-toast-on"), 4500);
    }
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

  function lift() {
    const group = groupOf(drag.id);
    if (!group.length) return false;
    drag.group = group.map((rec) => ({ rec, x: rec.x, y: rec.y }));
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
        drag.moved = true; // a card that cannot move: not a click either
        drag.dead = true;
        root.dataset.lastDrag = `still: ${drag.id} has no move`;
        return;
      }
      drag.moved = true;
    }
    if (drag.dead) return;
    for (const part of drag.group) {
      part.rec.node.style.transform = `translate(${part.x + dx}px, ${part.y + dy}px)`;
    }
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

  function settle(group, back) {
    for (const part of group) {
      part.rec.node.classList.remove("ausp-dragging");
      if (back) {
        part.rec.node.style.transform = `translate(${part.x}px, ${part.y}px)`;
        part.rec.node.style.zIndex = String(500 + part.rec.z);
        setTimeout(() => (part.rec.node.style.zIndex = String(part.rec.z)), SLIDE_MS + 30);
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
        settle(current.group, true);
        return;
      }
      settle(current.group, !legal);
      if (legal) {
        // The cards wait where they were dropped until the kernel's new state moves them.
        pendingGroup = current.group.map((part) => part.rec);
        pending = setTimeout(release, PENDING_MS);
      }
      send({ kind: "drop", from: current.id, to: target });
      return;
    }
    const now = performance.now();
    const again = lastClick.id === current.id && now - lastClick.t < DOUBLE_MS;
    lastClick = { id: current.id, t: now };
    const home = ((state().dests || {})[current.id] || []).some((d) => d.startsWith("foundation"));
    if (again && home) {
      lastClick = { id: null, t: 0 };
      send({ kind: "home", from: current.id });
    } else {
      send({ kind: "click", to: current.id });
    }
    focusOn(current.id);
  }

  function onCancel(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (drag.group) settle(drag.group, true);
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
  model.on("change:state", redraw);
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
  draw(false);
  notice();
  return () => {
    resize.disconnect();
    model.off("change:state", redraw);
    model.off("change:large", relook);
    model.off("change:four_colour", relook);
    model.off("change:reduced_motion", relook);
    model.off("change:notice", notice);
  };
}

export default { render };
