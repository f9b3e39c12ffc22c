/**
 * The first part of the `index.html` script (see {@link HTML_REPORT_SCRIPT}): shared helpers,
 * the embedded data, tabs and routing, and the unit list with its search, facets and pages.
 * A fragment of one function body: it only runs inside the page script's closure.
 */
export const HTML_REPORT_LIST_SCRIPT = String.raw`
  "use strict";
  var PAGE_SIZE = 100;
  var FACET_LIMIT = 30;
  var LIFECYCLE = { turn_start: 1, message_start: 1, turn_end: 1, context_assembled: 1, agent_end: 1, prompt_built: 1, skills_snapshot: 1 };
  var ERROR_EVENTS = { hook_error: 1, model_error: 1, tool_blocked: 1 };
  var WARN_EVENTS = { fault_injected: 1, hook_warning: 1, context_pruned: 1, exec_approval: 1, run_timeout: 1 };
  var INFO_EVENTS = { compaction_start: 1, compaction_end: 1, compaction_audit: 1, memory_flush: 1, memory_snapshot: 1, recall_injected: 1, heartbeat: 1, hook_called: 1 };

  function byId(id) { return document.getElementById(id); }
  function h(tag, props) {
    var node = document.createElement(tag);
    if (props) {
      for (var key in props) {
        if (!Object.prototype.hasOwnProperty.call(props, key)) continue;
        var value = props[key];
        if (value === undefined || value === null) continue;
        if (key === "text") node.textContent = String(value);
        else if (key === "className") node.className = value;
        else if (key.indexOf("on") === 0) node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, String(value));
      }
    }
    for (var index = 2; index < arguments.length; index++) append(node, arguments[index]);
    return node;
  }
  function append(node, child) {
    if (child === undefined || child === null || child === false) return;
    if (Array.isArray(child)) { for (var i = 0; i < child.length; i++) append(node, child[i]); return; }
    node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function pre(text, className) { return h("pre", { className: className, text: text }); }
  function label(text) { return h("div", { className: "label", text: text }); }
  function badge(text, className) { return h("span", { className: "badge " + (className || ""), text: text }); }
  function formatMs(ms) {
    var rounded = Math.max(0, Math.round(ms));
    if (rounded < 1000) return rounded + " ms";
    if (rounded < 60000) return (rounded / 1000).toFixed(1) + " s";
    var seconds = Math.round(rounded / 1000);
    return Math.floor(seconds / 60) + "m " + String(seconds % 60).padStart(2, "0") + "s";
  }
  function formatCost(cost) {
    if (cost === null || cost === undefined) return "unknown";
    if (cost === 0) return "$0.00";
    return cost < 1 ? "$" + cost.toFixed(4) : "$" + cost.toFixed(2);
  }
  function show(value) { return typeof value === "string" ? value : JSON.stringify(value, null, 2); }

  var rows = JSON.parse(byId("unit-rows").textContent);
  var detailLines = null;
  var prompts = null;
  function detailText(index) {
    if (detailLines === null) detailLines = byId("unit-details").textContent.split("\n");
    return detailLines[index] || "{}";
  }
  function promptAt(index) {
    if (prompts === null) prompts = JSON.parse(byId("prompts").textContent);
    return prompts[index];
  }
  rows.forEach(function (row, index) {
    row.index = index;
    row.haystack = [row.id, row.name, row.scenarioId, row.file, row.model, row.tags.join(" "), row.error || ""].join("\n").toLowerCase();
  });

  /* ---------- views and routing ---------- */
  var views = Array.prototype.slice.call(document.querySelectorAll("section.view"));
  views.sort(function (a, b) { return Number(a.getAttribute("data-order")) - Number(b.getAttribute("data-order")); });
  var tabs = byId("tabs");
  views.forEach(function (view) {
    if (view.getAttribute("data-tab") === "no") return;
    tabs.appendChild(h("a", { href: "#" + view.getAttribute("data-view"), "data-view": view.getAttribute("data-view"), text: view.getAttribute("data-title") }));
  });
  function showView(name) {
    var found = false;
    views.forEach(function (view) {
      var match = view.getAttribute("data-view") === name;
      view.hidden = !match;
      if (match) found = true;
    });
    if (!found) { views[0].hidden = false; name = views[0].getAttribute("data-view"); }
    var tabName = name === "unit" ? "units" : name;
    Array.prototype.forEach.call(tabs.children, function (tab) { tab.className = tab.getAttribute("data-view") === tabName ? "active" : ""; });
    document.body.setAttribute("data-current-view", name);
  }
  function route() {
    var hash = location.hash.replace(/^#/, "");
    try { hash = decodeURIComponent(hash); } catch (error) { hash = ""; }
    hash = hash || "overview";
    var slash = hash.indexOf("/");
    var name = slash === -1 ? hash : hash.slice(0, slash);
    if (name === "unit") {
      var index = Number(hash.slice(slash + 1));
      if (rows[index]) { renderUnit(index); showView("unit"); window.scrollTo(0, 0); return; }
      name = "units";
    }
    if (name === "units") renderList();
    showView(name);
  }

  /* ---------- unit list ---------- */
  var FACETS = [
    { key: "status", title: "Status", values: function (row) { return [row.status]; } },
    { key: "model", title: "Model", values: function (row) { return [row.model]; } },
    { key: "tag", title: "Tag", values: function (row) { return row.tags; } },
    { key: "scenario", title: "Scenario", values: function (row) { return [row.scenario]; } },
  ];
  var state = { selected: {}, text: "", embeddedText: "", flakyOnly: false, page: 0, expanded: {} };
  FACETS.forEach(function (facet) { state.selected[facet.key] = {}; });

  function escapeLikeEmbedded(text) {
    return JSON.stringify(text).slice(1, -1).replace(/[<>&\u2028\u2029]/g, function (character) {
      return "\\u" + character.charCodeAt(0).toString(16).padStart(4, "0");
    }).toLowerCase();
  }
  var lowerDetails = null;
  var lineStarts = null;
  /** Which units' detail lines contain the search text: one pass over all the details. */
  function detailHits(needle) {
    if (lowerDetails === null) {
      lowerDetails = byId("unit-details").textContent.toLowerCase();
      lineStarts = [0];
      for (var at = lowerDetails.indexOf("\n"); at !== -1; at = lowerDetails.indexOf("\n", at + 1)) lineStarts.push(at + 1);
    }
    var hits = new Uint8Array(rows.length);
    var position = lowerDetails.indexOf(needle);
    while (position !== -1) {
      var low = 0;
      var high = lineStarts.length - 1;
      while (low < high) {
        var middle = (low + high + 1) >> 1;
        if (lineStarts[middle] <= position) low = middle; else high = middle - 1;
      }
      hits[low] = 1;
      if (low + 1 >= lineStarts.length) break;
      position = lowerDetails.indexOf(needle, lineStarts[low + 1]);
    }
    return hits;
  }
  function matchesFacet(row, facet) {
    var selected = state.selected[facet.key];
    for (var any in selected) {
      var values = facet.values(row);
      for (var i = 0; i < values.length; i++) if (selected[values[i]]) return true;
      return false;
    }
    return true;
  }
  /**
   * Per row: -2 when the text or flaky filter leaves it out, -1 when every facet keeps it, the
   * facet's index when exactly that one facet leaves it out, FACETS.length when several do.
   */
  function classifyRows() {
    var hits = state.text === "" ? null : detailHits(state.embeddedText);
    return rows.map(function (row) {
      if (state.flakyOnly && !row.flaky) return -2;
      if (hits !== null && !hits[row.index] && row.haystack.indexOf(state.text) === -1) return -2;
      var missed = -1;
      for (var i = 0; i < FACETS.length; i++) {
        if (matchesFacet(row, FACETS[i])) continue;
        if (missed !== -1) return FACETS.length;
        missed = i;
      }
      return missed;
    });
  }
  function renderFacets(classes) {
    var box = clear(byId("facets"));
    FACETS.forEach(function (facet, facetIndex) {
      var counts = {};
      var order = [];
      rows.forEach(function (row) {
        var values = facet.values(row);
        var counted = classes[row.index] === -1 || classes[row.index] === facetIndex;
        values.forEach(function (value) {
          if (!(value in counts)) { counts[value] = 0; order.push(value); }
          if (counted) counts[value] += 1;
        });
      });
      if (order.length === 0) return;
      var selected = state.selected[facet.key];
      order.sort(function (a, b) {
        var selectedDiff = (selected[b] ? 1 : 0) - (selected[a] ? 1 : 0);
        if (selectedDiff !== 0) return selectedDiff;
        if (facet.key !== "status" && counts[b] !== counts[a]) return counts[b] - counts[a];
        return a < b ? -1 : a > b ? 1 : 0;
      });
      var limit = state.expanded[facet.key] ? order.length : FACET_LIMIT;
      var list = h("div", { className: "facet", "data-facet": facet.key }, h("h4", { text: facet.title }));
      order.slice(0, limit).forEach(function (value) {
        var input = h("input", { type: "checkbox", value: value, onchange: function () {
          if (input.checked) selected[value] = true; else delete selected[value];
          state.page = 0; renderList();
        } });
        input.checked = !!selected[value];
        list.appendChild(h("label", { "data-value": value }, input, h("span", { className: "name " + (facet.key === "status" ? value : ""), text: value, title: value }), h("span", { className: "count", text: counts[value] })));
      });
      if (order.length > limit) {
        list.appendChild(h("button", { type: "button", text: "show all " + order.length, onclick: function () { state.expanded[facet.key] = true; renderList(); } }));
      }
      box.appendChild(list);
    });
  }
  function renderList() {
    var classes = classifyRows();
    var visible = rows.filter(function (row) { return classes[row.index] === -1; });
    renderFacets(classes);
    var pages = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
    if (state.page >= pages) state.page = pages - 1;
    byId("unit-count").textContent = visible.length + " of " + rows.length + " units";
    var body = clear(byId("unit-rows-body"));
    visible.slice(state.page * PAGE_SIZE, (state.page + 1) * PAGE_SIZE).forEach(function (row) {
      body.appendChild(h("tr", { "data-status": row.status },
        h("td", null, badge(row.status, row.status)),
        h("td", null, h("a", { href: "#unit/" + row.index, text: row.id }), row.flaky ? [" ", badge("flaky", "flaky-badge")] : null, row.faults ? [" ", badge(row.faults + (row.faults === 1 ? " fault" : " faults"), "fault-badge")] : null),
        h("td", { text: row.name }),
        h("td", { text: row.model }),
        h("td", { text: row.tags.join(", ") }),
        h("td", { className: "num", text: row.turns }),
        h("td", { className: "num " + (row.failedExpectations > 0 ? "fail" : ""), text: row.failedExpectations }),
        h("td", { className: "num", text: formatMs(row.durationMs) }),
        h("td", { className: "num", text: formatCost(row.costUsd) })));
    });
    byId("page-label").textContent = "page " + (state.page + 1) + " of " + pages;
    byId("page-previous").disabled = state.page === 0;
    byId("page-next").disabled = state.page >= pages - 1;
  }
  var searchTimer = 0;
  byId("unit-search").addEventListener("input", function (event) {
    clearTimeout(searchTimer);
    var value = event.target.value;
    searchTimer = setTimeout(function () {
      state.text = value.trim().toLowerCase();
      state.embeddedText = escapeLikeEmbedded(value.trim());
      state.page = 0;
      renderList();
    }, 150);
  });
  byId("flaky-only").addEventListener("change", function (event) { state.flakyOnly = event.target.checked; state.page = 0; renderList(); });
  byId("page-previous").addEventListener("click", function () { state.page -= 1; renderList(); });
  byId("page-next").addEventListener("click", function () { state.page += 1; renderList(); });
  byId("clear-filters").addEventListener("click", function () {
    FACETS.forEach(function (facet) { state.selected[facet.key] = {}; });
    state.text = ""; state.flakyOnly = false; state.page = 0;
    byId("unit-search").value = ""; byId("flaky-only").checked = false;
    renderList();
  });

  /* ---------- system prompt viewer ---------- */
  var promptIds = 0;
`;
