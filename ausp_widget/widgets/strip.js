// A strip of simple controls, drawn from one synced list (`items`; see strip.py).
// Each control keeps its element across updates and changes only what changed; presses and
// edits go back to the kernel as {id, event, value}, which alone decides what they do.

function classes(node, base, item) {
  const names = [base, ...(item.classes || [])].join(" ");
  if (node.className !== names) node.className = names;
}

function common(node, item, target) {
  classes(node, node.dataset.base, item);
  const tip = item.tooltip || "";
  if ((node.title || "") !== tip) node.title = tip;
  if (target && target.disabled !== !!item.disabled) target.disabled = !!item.disabled;
}

function element(tag, base) {
  const node = document.createElement(tag);
  node.dataset.base = base;
  node.className = base;
  return node;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// A button's words, after a Font Awesome icon when it names one (as ipywidgets' buttons draw it).
function setLabel(node, item) {
  const key = `${item.icon || ""}|${item.description}`;
  if (node.dataset.label === key) return;
  node.dataset.label = key;
  node.textContent = item.description;
  if (item.icon) {
    const icon = document.createElement("i");
    icon.className = `fa fa-${item.icon}`;
    icon.setAttribute("aria-hidden", "true");
    node.prepend(icon, item.description ? " " : "");
  }
}

const MAKERS = {
  button(send) {
    const node = element("button", "ausp-sbutton");
    node.type = "button";
    node.addEventListener("click", () => node.disabled || send("click"));
    return {
      node,
      update(item) {
        common(node, item, node);
        setLabel(node, item);
        node.classList.toggle("ausp-success", item.style === "success");
      },
    };
  },

  toggle(send) {
    const node = element("button", "ausp-sbutton ausp-stoggle");
    node.type = "button";
    let pressed = false;
    node.addEventListener("click", () => node.disabled || send("value", !pressed));
    return {
      node,
      update(item) {
        common(node, item, node);
        setLabel(node, item);
        pressed = !!item.value;
        node.setAttribute("aria-pressed", String(pressed));
      },
    };
  },

  toggles(send) {
    const node = element("div", "ausp-stoggles");
    node.setAttribute("role", "group");
    const caption = element("span", "ausp-sdesc");
    node.appendChild(caption);
    let buttons = [];
    let labels = "";
    return {
      node,
      update(item) {
        common(node, item, null);
        setText(caption, item.description || "");
        caption.hidden = !item.description;
        node.setAttribute("aria-label", item.description || item.labels.join(", "));
        if (JSON.stringify(item.labels) !== labels) {
          labels = JSON.stringify(item.labels);
          buttons.forEach((b) => b.remove());
          buttons = item.labels.map((label, index) => {
            const b = element("button", "ausp-sbutton ausp-stoggle");
            b.type = "button";
            b.textContent = label;
            b.addEventListener("click", () => b.disabled || send("choose", index));
            node.appendChild(b);
            return b;
          });
        }
        buttons.forEach((b, index) => {
          b.disabled = !!item.disabled;
          b.title = (item.tips || [])[index] || "";
          b.setAttribute("aria-pressed", String(index === item.chosen));
        });
      },
    };
  },

  select(send) {
    const node = element("label", "ausp-sfield");
    const caption = element("span", "ausp-sdesc");
    const list = element("select", "ausp-sselect");
    node.append(caption, list);
    let labels = "";
    list.addEventListener("change", () => send("choose", list.selectedIndex));
    return {
      node,
      update(item) {
        common(node, item, list);
        setText(caption, item.description || "");
        if (JSON.stringify(item.labels) !== labels) {
          labels = JSON.stringify(item.labels);
          list.replaceChildren(
            ...item.labels.map((label) => {
              const option = document.createElement("option");
              option.textContent = label;
              return option;
            }),
          );
        }
        if (list.selectedIndex !== item.chosen) list.selectedIndex = item.chosen;
      },
    };
  },

  text(send) {
    const node = element("label", "ausp-sfield");
    const caption = element("span", "ausp-sdesc");
    const input = element("input", "ausp-sinput");
    input.type = "text";
    node.append(caption, input);
    let continuous = true; // false: the words go back when the field is left or Enter is pressed
    input.addEventListener("input", () => continuous && send("value", input.value));
    input.addEventListener("change", () => continuous || send("value", input.value));
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") send("submit", input.value);
    });
    return {
      node,
      update(item) {
        continuous = item.continuous !== false;
        common(node, item, input);
        setText(caption, item.description || "");
        if (input.placeholder !== item.placeholder) input.placeholder = item.placeholder;
        if (input.value !== item.value && document.activeElement !== input) input.value = item.value;
      },
    };
  },

  slider(send) {
    const node = element("label", "ausp-sfield");
    const caption = element("span", "ausp-sdesc");
    const input = element("input", "ausp-srange");
    input.type = "range";
    const readout = element("output", "ausp-sreadout");
    node.append(caption, input, readout);
    let decimals = 2;
    const show = () => setText(readout, Number(input.value).toFixed(decimals));
    input.addEventListener("input", show);
    input.addEventListener("change", () => send("value", Number(input.value)));
    return {
      node,
      update(item) {
        common(node, item, input);
        setText(caption, item.description || "");
        decimals = item.decimals;
        for (const name of ["min", "max", "step"]) {
          if (input[name] !== String(item[name])) input[name] = String(item[name]);
        }
        if (Number(input.value) !== item.value) input.value = String(item.value);
        show();
      },
    };
  },

  progress() {
    const node = element("label", "ausp-sfield");
    const caption = element("span", "ausp-sdesc");
    const bar = element("progress", "ausp-sprogress");
    node.append(caption, bar);
    return {
      node,
      update(item) {
        common(node, item, null);
        setText(caption, item.description || "");
        if (bar.max !== item.max) bar.max = item.max;
        if (bar.value !== item.value) bar.value = item.value;
      },
    };
  },

  label() {
    const node = element("div", "ausp-slabel");
    return {
      node,
      update(item) {
        common(node, item, null);
        setText(node, item.value);
      },
    };
  },

  html() {
    const node = element("div", "ausp-shtml");
    let shown = null;
    return {
      node,
      update(item) {
        common(node, item, null);
        if (shown !== item.value) node.innerHTML = shown = item.value; // the package's own markup
      },
    };
  },
};

function render({ model, el }) {
  const drawn = []; // per item: {kind, node, update}

  const draw = () => {
    const items = model.get("items") || [];
    items.forEach((item, id) => {
      let control = drawn[id];
      if (!control || control.kind !== item.kind) {
        const send = (event, value) => model.send({ id, event, value });
        const made = { kind: item.kind, ...MAKERS[item.kind](send) };
        if (control) control.node.replaceWith(made.node);
        else el.appendChild(made.node);
        drawn[id] = control = made;
      }
      control.update(item);
    });
    while (drawn.length > items.length) drawn.pop().node.remove();
  };

  draw();
  model.on("change:items", draw);
  return () => model.off("change:items", draw);
}

export default { render };
