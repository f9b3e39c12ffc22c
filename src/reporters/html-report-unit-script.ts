/**
 * The second part of the `index.html` script (see {@link HTML_REPORT_SCRIPT}): one unit's view,
 * drawn when it is opened (turns, transcript with tool calls, events and sub-agents, system
 * prompt by section, expectations, golden diff), and the start-up that wires the page. A
 * fragment of one function body: it uses the helpers of the list part in the same closure.
 */
export const HTML_REPORT_UNIT_SCRIPT = String.raw`
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
    var title = "Turn " + (turn.index + 1) + " (" + turn.kind + (turn.category ? ", " + turn.category : "") + ")" +
      (turn.arrivedAt ? " at " + turn.arrivedAt.slice(0, 19).replace("T", " ") + " UTC" : "");
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
`;
