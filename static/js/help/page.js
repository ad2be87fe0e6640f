// help/page.js: the entry of /help (templates/help.html), a page with nothing to run but
// its own help dialog (lib/help.js).

import { wireHelp } from "../lib/help.js";

wireHelp();
