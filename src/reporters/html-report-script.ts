import { HTML_REPORT_LIST_SCRIPT } from "./html-report-list-script.js";
import { HTML_REPORT_UNIT_SCRIPT } from "./html-report-unit-script.js";

/**
 * The script of `index.html` (inline, no imports, no network): reads the embedded unit rows,
 * builds the tabs from the page's views, filters and pages the unit list, and renders a unit's
 * turns, transcript, system prompt and golden diff only when the unit is opened. Plain ES2017 so
 * any current browser runs it from disk. Its two parts share one closure.
 */
export const HTML_REPORT_SCRIPT = `
(function () {${HTML_REPORT_LIST_SCRIPT}${HTML_REPORT_UNIT_SCRIPT}})();
`;
