/* Every round recorded exactly once, from the phone's side (see README, "When the connection
 * drops"). Filled in below. */
(function () {
  "use strict";
})();
