/**
 * The script of `index.html` (inline, no imports, no network): reads the embedded unit rows,
 * builds the tabs from the page's views, filters and pages the unit list, and renders a unit's
 * turns, transcript, system prompt and golden diff only when the unit is opened. Plain ES2017 so
 * any current browser runs it from disk.
 */
export const HTML_REPORT_SCRIPT = String.raw`
(function () {
  "use strict";
  var PAGE_SIZE = 100;
  var FACET_LIMIT = 30;
  var LIFECYCLE = { turn_start: 1, message_start: 1, turn_end: 1, context_assembled: 1, agent_end: 1, prompt_built: 1, skills_snapshot: 1 };
  var ERROR_EVENTS = { hook_error: 1, model_error: 1, tool_blocked: 1 };
  var WARN_EVENTS = { fault_injected: 1, hook_warning: 1, context_pruned: 1, exec_approval: 1 };
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
  function promptViewer(index) {
    var prompt = promptAt(index);
    if (!prompt) return h("p", { className: "muted", text: "no system prompt recorded" });
    var id = "prompt-" + (promptIds += 1);
    var lines = prompt.text.split("\n");
    var nav = h("ol");
    var body = h("div");
    prompt.sections.forEach(function (section, position) {
      var next = prompt.sections[position + 1];
      var text = lines.slice(section.line - 1, next ? next.line - 1 : lines.length).join("\n");
      var anchor = id + "-" + position;
      nav.appendChild(h("li", null, h("a", { href: "#" + location.hash.replace(/^#/, ""), onclick: function (event) {
        event.preventDefault();
        var target = byId(anchor);
        if (target) target.scrollIntoView({ block: "start" });
      }, text: section.key }), " ", h("span", { className: "muted", text: section.tokens + " tok" })));
      body.appendChild(h("div", { className: "prompt-section", id: anchor },
        h("h5", null, section.key + " ", h("span", { className: "muted", text: "line " + section.line + ", " + section.tokens + " tokens" })),
        pre(text)));
    });
    return h("div", { className: "prompt-view" },
      h("div", { className: "prompt-nav" }, h("div", { className: "label", text: prompt.sections.length + " sections, " + prompt.tokens + " tokens (estimated)" }), nav),
      body);
  }
  function lazyDetails(summaryText, build, open, className) {
    var details = h("details", { className: className }, h("summary", { text: summaryText }));
    var built = false;
    function fill() { if (!built && details.open) { built = true; details.appendChild(build()); } }
    details.addEventListener("toggle", fill);
    if (open) { details.open = true; fill(); }
    return details;
  }

  /* ---------- transcript ---------- */
  function eventClass(event) {
    if (ERROR_EVENTS[event.type]) return "error";
    if (event.type === "compaction_end" && event.ok === false) return "error";
    if (event.type === "memory_snapshot" && event.status === "failed") return "error";
    if (WARN_EVENTS[event.type]) return "warn";
    if (event.type === "delivery") return event.status === "sent" ? "good" : "warn";
    if (INFO_EVENTS[event.type]) return "info";
    return "";
  }
  function genericEvent(event) {
    var inline = [];
    var blocks = [];
    Object.keys(event).forEach(function (key) {
      if (key === "type" || key === "sessionKey") return;
      var value = event[key];
      if (value !== null && typeof value === "object" || typeof value === "string" && (value.length > 80 || value.indexOf("\n") !== -1)) {
        blocks.push(h("details", null, h("summary", { text: key }), pre(show(value))));
      } else inline.push(key + "=" + (typeof value === "string" ? value : JSON.stringify(value)));
    });
    return h("div", { className: "event " + eventClass(event), "data-event": event.type }, badge(event.type), " ", inline.join("  "), blocks);
  }
  function textOfBlocks(content) {
    if (typeof content === "string") return content;
    return (content || []).map(function (block) { return block.type === "text" ? block.text : show(block); }).join("\n");
  }
  function createCall(id, name, input) {
    var call = { id: id, result: h("div"), children: h("div"), partials: [] };
    call.node = h("div", { className: "call", "data-tool-call": id },
      h("div", { className: "call-head" }, "tool call ", h("code", { text: name }), " ", h("span", { className: "muted", text: id })),
      label("input"), pre(show(input)), call.result, call.children);
    return call;
  }
  function renderSession(key, bySession, rendered, showAll) {
    rendered[key] = true;
    var box = h("div", { className: "transcript", "data-session": key });
    var calls = {};
    var open = null;
    var lastCall = null;
    (bySession[key] || []).forEach(function (event) {
      var call;
      switch (event.type) {
        case "agent_start":
          box.appendChild(h("div", { className: "item user" }, label(event.kind + " input"), pre(event.input)));
          return;
        case "message_end": {
          var message = event.message || {};
          if (message.role === "assistant") {
            (message.content || []).forEach(function (block) {
              if (block.type === "text") box.appendChild(h("div", { className: "item assistant" }, label("assistant"), pre(block.text)));
              else if (block.type === "tool_call") {
                call = createCall(block.id, block.name, block.invalidInput !== undefined ? block.invalidInput : block.input);
                calls[block.id] = call; lastCall = call;
                box.appendChild(call.node);
              } else box.appendChild(genericEvent(block));
            });
            if (message.stopReason && message.stopReason !== "end_turn" && message.stopReason !== "tool_use") box.appendChild(h("div", { className: "event warn" }, badge("stop"), " " + message.stopReason));
          } else box.appendChild(h("div", { className: "item" }, label(message.role || "message"), pre(textOfBlocks(message.content !== undefined ? message.content : message.summary))));
          return;
        }
        case "tool_execution_start":
          call = calls[event.toolCallId];
          if (!call) { call = createCall(event.toolCallId, event.toolName, event.args || {}); calls[event.toolCallId] = call; box.appendChild(call.node); }
          else if (event.args !== undefined) call.result.appendChild(h("div", null, label("input as run (changed by a hook)"), pre(show(event.args))));
          open = call; lastCall = call;
          return;
        case "tool_execution_update":
          call = calls[event.toolCallId];
          if (call) { call.result.appendChild(pre(event.partial, "muted")); return; }
          break;
        case "tool_execution_end":
          call = calls[event.toolCallId];
          if (!call) { call = createCall(event.toolCallId, event.toolName, {}); calls[event.toolCallId] = call; box.appendChild(call.node); }
          if (event.isError) call.node.className += " error";
          call.result.appendChild(label(event.isError ? "result (error)" : "result"));
          call.result.appendChild(pre(textOfBlocks(event.result && event.result.content), event.isError ? "fail" : ""));
          if (event.result && event.result.details) call.result.appendChild(h("details", null, h("summary", { text: "details" }), pre(show(event.result.details))));
          if (open === call) open = null;
          return;
        case "tool_blocked":
          call = calls[event.toolCallId];
          if (call) { call.node.className += " blocked"; call.result.appendChild(genericEvent(event)); return; }
          break;
        case "subagent":
          if (event.phase === "spawned" && bySession[event.childSessionKey] && !rendered[event.childSessionKey]) {
            var parent = open || lastCall;
            var nested = h("div", { className: "subagent" },
              h("div", { className: "caption", text: "sub-agent session " + event.childSessionKey + (event.task ? ": " + event.task : "") }),
              renderSession(event.childSessionKey, bySession, rendered, showAll));
            (parent ? parent.children : box).appendChild(nested);
            return;
          }
          break;
        case "prompt_built":
          if (showAll || bySession.mainKey !== key) {
            box.appendChild(lazyDetails("system prompt (" + event.mode + ", " + (promptAt(event.prompt) ? promptAt(event.prompt).tokens : 0) + " tokens)", function () { return promptViewer(event.prompt); }, false));
          }
          return;
        default:
          break;
      }
      if (LIFECYCLE[event.type] && !showAll) return;
      box.appendChild(genericEvent(event));
    });
    return box;
  }
  function renderTranscript(turn, showAll) {
    var bySession = {};
    var order = [];
    turn.events.forEach(function (event) {
      var key = event.sessionKey || "";
      if (!bySession[key]) { bySession[key] = []; order.push(key); }
      bySession[key].push(event);
    });
    if (order.length === 0) return h("p", { className: "muted", text: "no events recorded" });
    bySession.mainKey = order[0];
    var rendered = {};
    var box = renderSession(order[0], bySession, rendered, showAll);
    order.forEach(function (key) {
      if (rendered[key]) return;
      box.appendChild(h("div", { className: "subagent" }, h("div", { className: "caption", text: "session " + key }), renderSession(key, bySession, rendered, showAll)));
    });
    return box;
  }

  /* ---------- unit view ---------- */
  function expectationItem(expectation) {
    var item = h("li", { className: expectation.pass ? "pass" : "fail" },
      badge(expectation.pass ? "pass" : "FAIL", expectation.pass ? "pass" : "fail"), " ",
      h("code", { text: expectation.type }), " ", expectation.message,
      expectation.location ? h("span", { className: "muted", text: "  " + expectation.location.file + ":" + expectation.location.line }) : null);
    if (expectation.expected !== undefined || expectation.actual !== undefined) {
      var versus = h("div", { className: "versus" },
        h("div", null, label("expected"), pre(expectation.expected !== undefined ? expectation.expected : "")),
        h("div", null, label("actual"), pre(expectation.actual !== undefined ? expectation.actual : "")));
      if (expectation.type === "golden" && expectation.actual !== undefined) {
        versus = h("div", null, label("golden file " + (expectation.expected || "") + " \u2192 actual prompt, by section"), diffView(expectation.actual));
      }
      item.appendChild(expectation.pass ? h("details", null, h("summary", { text: "expected vs actual" }), versus) : versus);
    }
    return item;
  }
  function diffView(text) {
    var box = h("div", { className: "diff" });
    var inPatch = false;
    text.split("\n").forEach(function (line) {
      var className = "";
      var shown = line;
      if (line.indexOf("--- ") === 0 || line.indexOf("+++ ") === 0) { inPatch = true; className = "file"; }
      else if (line.indexOf("@@") === 0) {
        inPatch = true;
        var end = line.indexOf("@@", 2);
        var heading = end === -1 ? "" : line.slice(end + 2).trim();
        if (heading) box.appendChild(h("div", { className: "section-head", text: heading }));
        className = "hunk";
      } else if (!inPatch) {
        if (line.indexOf("+ added") === 0) className = "add";
        else if (line.indexOf("- removed") === 0) className = "del";
        else if (line.indexOf("~ changed") === 0) className = "hunk";
      } else if (line.charAt(0) === "+") className = "add";
      else if (line.charAt(0) === "-") className = "del";
      box.appendChild(h("div", { className: className, text: shown === "" ? " " : shown }));
    });
    return box;
  }
  function turnView(turn, unitIndex, showAll) {
    var title = "Turn " + (turn.index + 1) + " (" + turn.kind + (turn.category ? ", " + turn.category : "") + ")";
    var failed = turn.expectations.filter(function (expectation) { return !expectation.pass; }).length;
    var prompt = promptAt(turn.prompt);
    return h("section", { className: "turn", "data-turn": turn.index },
      h("h3", null, title, " ", h("span", { className: "muted", text: formatCost(turn.costUsd) + ", " + formatMs(turn.latencyMs) + " model time, " + turn.usage.inputTokens + " in / " + turn.usage.outputTokens + " out tokens" })),
      label("input"), pre(turn.input),
      label("reply"), pre(turn.reply),
      turn.delivered === null ? h("p", { className: "muted", text: "nothing delivered" }) : [label("delivered"), pre(turn.delivered)],
      turn.error !== undefined ? [label("error"), pre(turn.error, "fail")] : null,
      turn.expectations.length > 0 ? [label("expectations (" + (turn.expectations.length - failed) + " of " + turn.expectations.length + " passed)"), h("ul", { className: "expectations" }, turn.expectations.map(expectationItem))] : null,
      lazyDetails("System prompt: " + (prompt ? prompt.sections.length + " sections, " + prompt.tokens + " tokens" : "none"), function () { return promptViewer(turn.prompt); }, false, "system-prompt"),
      label("transcript"),
      renderTranscript(turn, showAll));
  }
  var showAllEvents = false;
  function renderUnit(index) {
    var row = rows[index];
    var unit = JSON.parse(detailText(index));
    var box = clear(byId("unit-detail"));
    var turns = h("div");
    function fillTurns() {
      clear(turns);
      unit.turns.forEach(function (turn) { turns.appendChild(turnView(turn, index, showAllEvents)); });
    }
    var toggle = h("input", { type: "checkbox", id: "show-all-events", onchange: function () { showAllEvents = toggle.checked; fillTurns(); } });
    toggle.checked = showAllEvents;
    append(box, [
      h("p", null, h("a", { href: "#units", text: "\u2190 all units" })),
      h("div", { className: "unit-head" }, badge(row.status, row.status), h("h2", { text: row.id }), row.flaky ? badge("flaky", "flaky-badge") : null, row.faults ? badge(row.faults + (row.faults === 1 ? " fault injected" : " faults injected"), "fault-badge") : null),
      h("p", { className: "meta", text: row.name + " \u00b7 " + row.file + " \u00b7 model " + row.model + " \u00b7 repeat " + row.repeat + " \u00b7 " + formatMs(row.durationMs) + " \u00b7 cost " + formatCost(row.costUsd) + " \u00b7 " + unit.usage.inputTokens + " in / " + unit.usage.outputTokens + " out tokens" + (row.tags.length ? " \u00b7 tags " + row.tags.join(", ") : "") }),
      row.error !== undefined ? [label("error"), pre(row.error, "fail")] : null,
      (unit.golden || []).map(function (golden) {
        return h("div", { className: "golden" }, h("div", { className: "caption " + (golden.status === "match" || golden.status === "written" ? "pass" : "fail"), text: "golden " + golden.file + ": " + golden.status }), golden.diff ? diffView(golden.diff) : null);
      }),
      unit.memory ? h("details", null, h("summary", { text: "memory measures" }), pre(show(unit.memory))) : null,
      unit.sessions && unit.sessions.length ? h("details", null, h("summary", { text: unit.sessions.length + " session transcript(s)" }), h("ul", null, unit.sessions.map(function (session) { return h("li", { text: session.sessionKey + " \u2014 " + session.file + " (" + session.entries + " entries)" }); }))) : null,
      unit.turns.length === 0 ? h("p", { className: "muted", text: "No turn ran." }) : h("div", { className: "toolbar" }, h("label", null, toggle, " show lifecycle events (turn start/end, context, prompt, skills snapshot)")),
      turns,
    ]);
    fillTurns();
  }

  route();
  window.addEventListener("hashchange", route);
  document.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
  document.body.setAttribute("data-ready", "true");
})();
`;
