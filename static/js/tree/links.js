// tree/links.js: the edges of the drawn tree, their captions (the move, the probability) and
// the "… N more" boxes that stand for the children outside a wide node's window.
//
// <line class="link" data-state> per drawn child (class "to-more" into a box),
// <text class="edge-caption">, <g class="more" data-parent data-side>. Reads: view.trace.

import { ngettext } from "../lib/i18n.js";
import { fmt } from "../lib/format.js";
import { directionName } from "../lib/names.js";
import { R, svgEl } from "./shapes.js";

export class LinkLayer {
  /** `links`, `more`, `captions`: d3 selections of the <g> groups for edges, for "… N more"
   * boxes and for the edges' captions (the view draws them over the cursor's ring and the
   * strikes; a printed picture with its edges). */
  constructor(view, links, more, captions = links) {
    this.view = view;
    this.links = links;
    this.more = more;
    this.captions = captions;
  }

  /** A new tree of `n` nodes. */
  reset(n) {
    this.linkEl = new Array(n).fill(null); // the edge into each drawn node, by node id
  }

  /**
   * Join the edges, captions and placeholders of `drawn` (layoutCut's nodes); `move(sel)`
   * animates a selection or not.
   */
  join(drawn, tween, move) {
    const t = this.view.trace;
    // One edge per drawn non-root node (placeholders too), keyed by the child.
    const linkKey = (d) => (d.data.id >= 0 ? d.data.id : `m${d.data.parent}${d.data.side}`);
    const linked = drawn.filter((d) => d.parent);
    const ends = (sel) =>
      sel
        .attr("x1", (d) => d.parent.x)
        .attr("y1", (d) => d.parent.y)
        .attr("x2", (d) => d.x)
        .attr("y2", (d) => (d.data.id >= 0 ? d.y : d.y - R));
    let enteredLinks = null;
    this.links
      .selectAll("line.link")
      .data(linked, linkKey)
      .join(
        (enter) => {
          enteredLinks = enter.append((d) => {
            const line = svgEl("line", d.data.id >= 0 ? "link" : "link to-more");
            const p = d.parent;
            const q = tween ? p : { x: d.x, y: d.data.id >= 0 ? d.y : d.y - R };
            line.setAttribute("x1", p.x);
            line.setAttribute("y1", p.y);
            line.setAttribute("x2", q.x);
            line.setAttribute("y2", q.y);
            if (d.data.id >= 0) this.linkEl[d.data.id] = line;
            return line;
          });
          return enteredLinks;
        },
        (update) => {
          ends(move(update));
          return update;
        },
        (exit) =>
          exit
            .each((d) => {
              if (d.data.id >= 0) this.linkEl[d.data.id] = null;
            })
            .remove()
      );
    if (tween && enteredLinks) ends(move(enteredLinks));

    // Edge captions (action, probability): static text, rendered with textContent only.
    const captioned = linked.filter((d) => {
      if (d.data.id < 0) return false;
      const row = t.nodes[d.data.id];
      return row.action !== undefined || row.p !== undefined;
    });
    this.captions
      .selectAll("text.edge-caption")
      .data(captioned, (d) => d.data.id)
      .join("text")
      .attr("class", "edge-caption")
      .attr("x", (d) => d.x)
      .attr("y", (d) => d.y - R - (this.view.fitted && this.view.fitted.captionRoom ? 6 : 8))
      .attr("text-anchor", "middle")
      .text((d) => {
        const row = t.nodes[d.data.id];
        const parts = [];
        if (row.action !== undefined) parts.push(directionName(String(row.action)));
        if (row.p !== undefined) parts.push(`p=${fmt(row.p)}`);
        return parts.join(" · ");
      });

    this.joinPlaceholders(drawn.filter((d) => d.data.id < 0));
  }

  /** "… 12 more" stand-ins for the children outside a wide node's window. */
  joinPlaceholders(items) {
    const t = this.view.trace;
    this.more
      .selectAll("g.more")
      .data(items, (d) => `${d.data.parent}${d.data.side}`)
      .join((enter) =>
        enter.append(() => {
          const g = svgEl("g", "more");
          const box = svgEl("rect", "more-box");
          box.setAttribute("x", -R - 8);
          box.setAttribute("y", -R + 2);
          box.setAttribute("width", 2 * R + 16);
          box.setAttribute("height", 2 * R - 4);
          box.setAttribute("rx", 8);
          const text = svgEl("text", "more-text");
          text.setAttribute("y", 0);
          g.append(box, text);
          return g;
        })
      )
      .attr("data-parent", (d) => t.keys[d.data.parent])
      .attr("data-side", (d) => d.data.side)
      .attr("transform", (d) => `translate(${d.x},${d.y})`)
      .each(function (d) {
        const count = d.data.hidden.length;
        this.lastChild.textContent = ngettext("… {n} more", "… {n} more", count);
      });
  }
}
