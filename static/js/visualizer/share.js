// visualizer/share.js: links to the exact view. A permalink carries the tree document, the options and
// the step in the URL (?z=: JSON, deflate-raw, base64url), so it needs no server state; a
// short link (/t/<id>) saves the view on the server for trees too large for a URL. Also the
// embed code (<iframe src=".../embed?...">) and the downloads: the trace, and a picture of the
// whole tree at the step shown (tree/picture.js: every node, none folded, sized to the tree,
// not the view's window; export.js writes it as SVG or PNG). A negamax view shown in minimax
// form says so in its links (&form=minimax), so they open in the same form.
//
// The panel opens with the focus on Copy link; closed (✕, Escape, or Share again) with the
// focus in it, the focus goes back to the Share button that opened it.

import { _ } from "../lib/i18n.js";
import { saveView } from "../lib/api.js";
import { treePicture } from "../tree/picture.js";
import { download, pngBlob, svgText, traceText } from "../lib/export.js";
import { PACKED_PARAM, packView } from "../lib/packed-view.js";
import { copyText, embedCode } from "../lib/share-text.js";

const $ = (id) => document.getElementById(id);
const tooLong = () => _("This tree is too big for a link that holds it: Copy link saves a short link on this server instead.");

export class SharePanel {
  /**
   * shell: {doc, runOptions (resolved), step, trace, title, form, maxUrlChars, pictureOptions()
   * (treePicture's options for the tree shown: cutByLimit, levels)}
   */
  constructor(shell) {
    this.shell = shell;
    this.savedId = null;
    this.savedKey = null;
    this.els = {
      toggle: $("share-toggle"),
      panel: $("share-panel"),
      close: $("share-close"),
      link: $("share-link"),
      copyLink: $("share-copy-link"),
      save: $("share-save"),
      embed: $("share-embed"),
      copyEmbed: $("share-copy-embed"),
      status: $("share-status"),
      svg: $("export-svg"),
      png: $("export-png"),
      trace: $("export-trace"),
    };
    const e = this.els;
    e.toggle.addEventListener("click", () => this.setOpen(e.panel.hidden));
    e.close.addEventListener("click", () => this.setOpen(false));
    e.copyLink.addEventListener("click", () => this.copyLink());
    e.copyEmbed.addEventListener("click", () => this.copyEmbed());
    e.save.addEventListener("click", () => this.saveShortLink());
    e.svg.addEventListener("click", () => this.exportSvg());
    e.png.addEventListener("click", () => this.exportPng());
    e.trace.addEventListener("click", () => this.exportTrace());
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || e.panel.hidden || event.defaultPrevented) return;
      event.preventDefault();
      this.setOpen(false);
    });
  }

  setOpen(open) {
    const e = this.els;
    const active = document.activeElement;
    const focusBack = !open && (e.panel.contains(active) || active === document.body);
    e.panel.hidden = !open;
    e.toggle.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      this.say("");
      this.update();
      e.copyLink.focus();
    } else if (focusBack) {
      e.toggle.focus();
    }
  }

  /** The view shown: {tree, options, step}; null before the first run. */
  view() {
    const { doc, runOptions } = this.shell;
    if (doc === null || doc === undefined) return null;
    const options = { ...(runOptions || {}) };
    if (options.ordering !== "random") delete options.seed;
    return { tree: doc, options, step: this.shell.step };
  }

  viewKey(view) {
    return JSON.stringify([view.tree, view.options]);
  }

  /**
   * The permalink and embed code of the current view (short-link based once saved), or
   * {tooLong: true} when a link holding the view would be longer than the server accepts.
   */
  async links() {
    const view = this.view();
    if (!view) return null;
    const origin = window.location.origin;
    const step = view.step;
    const form = this.shell.form === "minimax" ? "&form=minimax" : ""; // negamax's numbers
    // lang= in this page's address (a course in one language) goes into its links and embeds.
    const asked = new URLSearchParams(window.location.search).get("lang");
    const extra = `${form}${asked ? `&lang=${encodeURIComponent(asked)}` : ""}`;
    if (this.savedId && this.savedKey === this.viewKey(view)) {
      return {
        link: `${origin}/t/${this.savedId}?step=${step}${extra}`,
        embed: `${origin}/embed/${this.savedId}?step=${step}${extra}`,
      };
    }
    const packed = await packView(view);
    const link = `${origin}/?${PACKED_PARAM}=${packed}${extra}`;
    const embed = `${origin}/embed?${PACKED_PARAM}=${packed}${extra}`;
    if (Math.max(link.length, embed.length) > this.shell.maxUrlChars) return { tooLong: true };
    return { link, embed };
  }

  async update() {
    const links = await this.links();
    const e = this.els;
    if (!links || links.tooLong) {
      e.link.value = "";
      e.embed.value = "";
      if (links) this.say(tooLong());
    } else {
      e.link.value = links.link;
      e.embed.value = embedCode(links.embed, this.title());
    }
    e.panel.dataset.ready = "true";
    return links;
  }

  title() {
    const title = this.shell.title;
    return title ? _("Prune: {title}", { title }) : _("Prune: alpha-beta pruning, step by step");
  }

  say(message) {
    this.els.status.textContent = message;
  }

  /** Copy the link; a view too long for one is saved as a short link, which is copied. */
  async copyLink() {
    const links = await this.update();
    if (!links) return;
    if (links.tooLong) {
      await this.saveShortLink();
      return;
    }
    const ok = await copyText(this.els.link.value, this.els.link);
    this.say(ok ? _("Link copied.") : _("Select the link and copy it (Ctrl+C)."));
  }

  async copyEmbed() {
    const links = await this.update();
    if (!links) return;
    if (links.tooLong && !(await this.save())) return;
    const ok = await copyText(this.els.embed.value, this.els.embed);
    this.say(ok ? _("Embed code copied.") : _("Select the code and copy it (Ctrl+C)."));
  }

  /** Save the view on the server and show its short links; false (and why) if it failed. */
  async save() {
    const view = this.view();
    if (!view) return false;
    this.say(_("Saving…"));
    try {
      const saved = await saveView(view.tree, view.options);
      this.savedId = saved.id;
      this.savedKey = this.viewKey(view);
      await this.update();
      return true;
    } catch (err) {
      this.say(_("Could not save: {error}", { error: err.message }));
      return false;
    }
  }

  async saveShortLink() {
    if (!(await this.save())) return;
    const ok = await copyText(this.els.link.value, this.els.link);
    this.say(
      ok
        ? _("Short link saved and copied: it opens this tree for anyone.")
        : _("Short link saved: it opens this tree for anyone. Select it and copy it (Ctrl+C).")
    );
  }

  fileBase() {
    const title = this.shell.title || "prune";
    return (
      title
        .replace(/[^\w.-]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .toLowerCase() || "prune"
    );
  }

  /** The whole tree at the step shown, as a detached <svg> (tree/picture.js). */
  picture() {
    const options = this.shell.pictureOptions ? this.shell.pictureOptions() : {};
    return treePicture(this.shell.trace, this.shell.step, { ...options, title: this.title() });
  }

  exportSvg() {
    if (!this.shell.trace) return;
    const { text } = svgText(this.picture(), { title: this.title() });
    const name = `${this.fileBase()}-step-${this.shell.step}.svg`;
    download(new Blob([text], { type: "image/svg+xml" }), name);
  }

  async exportPng() {
    if (!this.shell.trace) return;
    try {
      const blob = await pngBlob(this.picture(), { title: this.title() });
      download(blob, `${this.fileBase()}-step-${this.shell.step}.png`);
    } catch (err) {
      this.say(_("Could not make the PNG: {error}", { error: err.message }));
    }
  }

  exportTrace() {
    const trace = this.shell.trace;
    if (!trace || !trace.complete) {
      this.say(_("The trace is still arriving: try again in a moment."));
      return;
    }
    const blob = new Blob([traceText(trace)], { type: "application/json" });
    download(blob, `${this.fileBase()}-trace.json`);
  }
}
