// help/page.js: the entry of /help (templates/help.html), a page with nothing to run but
// its theme and its own help dialog (lib/page-setup.js).

import { setUpPage } from "../lib/page-setup.js";

setUpPage();
