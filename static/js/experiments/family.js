// family.js: experiment 5, the pruning family. Mean leaves evaluated by alpha-beta, PVS,
// MTD(f) (good and bad first guess), SSS* and aspiration search as the ordering quality goes
// from perfect to worst, against Knuth–Moore and b^d (family-specs.js), drawn as rows arrive.

import { byQuality, familyChart, familyFinding, familyTable } from "./family-specs.js";
import { seriesExperiment } from "./series.js";

export function setupFamily(root) {
  seriesExperiment(root, "pruning-family", (rows, asked) => {
    const b = Number(asked.branching) || 3;
    const table = familyTable(byQuality(rows), b);
    return { table, finding: familyFinding(table.rows), figure: familyChart(table.rows, b) };
  });
}
