// lib/format.js: numbers, bounds and paths as they read on screen.

import assert from "node:assert/strict";
import { test } from "node:test";

import { attrValue, fmt, fmtPath, fmtShort, relationSymbol } from "../../static/js/lib/format.js";

const MINUS = "\u2212";

test("fmt writes infinities as ∞ and −∞, also when they come as wire strings", () => {
  assert.equal(fmt(Infinity), "∞");
  assert.equal(fmt(-Infinity), `${MINUS}∞`);
  assert.equal(fmt("Infinity"), "∞");
  assert.equal(fmt("-Infinity"), `${MINUS}∞`);
});

test("fmt uses a real minus sign and shows nothing for a missing value", () => {
  assert.equal(fmt(-7), `${MINUS}7`);
  assert.equal(fmt(-0), "0");
  assert.equal(fmt(null), "");
  assert.equal(fmt(undefined), "");
  assert.equal(fmt(NaN), "");
});

test("fmt keeps integers whole and rounds fractions to at most 3 decimals", () => {
  assert.equal(fmt(1e12), "1000000000000");
  assert.equal(fmt(2.5), "2.5");
  assert.equal(fmt(1 / 3), "0.333");
  assert.equal(fmt(-0.1875), `${MINUS}0.188`);
});

test("fmt switches to 3 significant digits for very large and very small fractions", () => {
  assert.equal(fmt(1234567.5), "1.23e+6");
  assert.equal(fmt(-1.234e-7), `${MINUS}1.23e-7`);
  assert.equal(fmt(0.0004), "0.000400");
});

test("fmtShort keeps 2 decimals below 10 and 1 from 10 up, so a value fits in a node", () => {
  assert.equal(fmtShort(2.71828), "2.72");
  assert.equal(fmtShort(-12.345), `${MINUS}12.3`);
  assert.equal(fmtShort(42), "42");
  assert.equal(fmtShort(-Infinity), `${MINUS}∞`);
});

test("attrValue is plain JS number text, and null for no value", () => {
  assert.equal(attrValue(-Infinity), "-Infinity");
  assert.equal(attrValue(2.5), "2.5");
  assert.equal(attrValue(NaN), null);
});

test("fmtPath writes a path as in a tree document, the root as [ ]", () => {
  assert.equal(fmtPath([]), "[ ]");
  assert.equal(fmtPath([1, 2]), "[1,2]");
});

test("relationSymbol uses ≥ and ≤ and passes unknown relations through", () => {
  assert.equal(relationSymbol(">="), "≥");
  assert.equal(relationSymbol("<="), "≤");
  assert.equal(relationSymbol("<"), "<");
  assert.equal(relationSymbol("=="), "==");
});
