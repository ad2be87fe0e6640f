// lib/packed-view.js: a view {tree, options, step} packed into URL-safe text for a permalink
// (JSON, deflate-raw, base64url in ?z=), and unpacked again, so a link needs no server state.

export const PACKED_PARAM = "z";

function toBase64Url(bytes) {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "===".slice((b64.length + 3) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** A view {tree, options, step} as URL-safe text. */
export async function packView(view) {
  const json = new TextEncoder().encode(JSON.stringify(view));
  return toBase64Url(await pipe(json, new CompressionStream("deflate-raw")));
}

/** The view packed by packView; throws an Error that says the link is damaged. */
export async function unpackView(text) {
  let view;
  try {
    const bytes = await pipe(fromBase64Url(text), new DecompressionStream("deflate-raw"));
    view = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error("This link is damaged: its tree cannot be read (was it cut short?).");
  }
  if (!view || typeof view !== "object" || !("tree" in view)) {
    throw new Error("This link is damaged: it holds no tree.");
  }
  return view;
}
