// lib/frame-message.js: the message a framed page posts its parent with its content's height,
// {subject: FRAME_RESIZE, height: <CSS px>}, the one Canvas and other LMSs act on by setting
// the iframe's height. Embeds post it (embed/frame-resize.js); a Prune page framing an embed
// reads it (exams/practice.js).

export const FRAME_RESIZE = "lti.frameResize";
