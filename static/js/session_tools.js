/* The session page's sharing and confirmation helpers: progressive enhancement.
 *
 * Without JS the share link is text to select and copy, every confirmation is a <details> the
 * browser opens and closes by itself, and "取消" is a link back to the page. With JS:
 * - "复制链接" copies the link (Clipboard API, or the selection where that is missing) and says so;
 * - "分享" appears only where the browser has the Web Share API (navigator.share);
 * - "取消" closes its question in place instead of reloading the page.
 * A sitting whose owner stopped sharing has no link: no copy or share button, nothing to do.
 * The calculator's link that holds a hand uses the same buttons; its result is swapped in by htmx,
 * so buttons that arrive later are set up when they do (htmx:load).
 */

const DONE_FOR = 2500; // ms the button says it copied before it reads "复制链接" again

// The button itself shows that it copied; a failure needs a sentence everyone can see.
function say(text, visible) {
  const status = document.querySelector("[data-share-status]");
  if (!status) return;
  status.textContent = text;
  status.classList.toggle("visually-hidden", !visible);
}

function copyBySelection(text) {
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.className = "visually-hidden";
  document.body.appendChild(field);
  field.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  document.body.removeChild(field);
  return copied;
}

// The link's text to select when copying fails: the element the button names, or the share link.
function selectLink(button) {
  const link = document.getElementById(button.dataset.linkText || "share-url");
  if (!link || !window.getSelection) return;
  const range = document.createRange();
  range.selectNodeContents(link);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

function setUpCopy(button) {
  if (!button.dataset.copyLink) return; // no link (sharing stopped): the button stays hidden
  if (button.dataset.ready) return;
  button.dataset.ready = "1";
  const label = button.textContent;
  let timer = null;

  const copied = () => {
    button.textContent = button.dataset.done;
    button.classList.add("done");
    say(button.dataset.done, false);
    clearTimeout(timer);
    timer = setTimeout(() => {
      button.textContent = label;
      button.classList.remove("done");
    }, DONE_FOR);
  };

  const failed = () => {
    selectLink(button);
    say(button.dataset.failed, true);
  };

  button.addEventListener("click", () => {
    const text = button.dataset.copyLink;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(copied, () => {
        if (copyBySelection(text)) copied();
        else failed();
      });
    } else if (copyBySelection(text)) {
      copied();
    } else {
      failed();
    }
  });
  button.hidden = false;
}

function setUpShare(button) {
  if (typeof navigator.share !== "function" || !button.dataset.shareLink) return;
  if (button.dataset.ready) return;
  button.dataset.ready = "1";
  button.addEventListener("click", () => {
    navigator.share({ title: button.dataset.shareTitle, url: button.dataset.shareLink }).catch(() => {
      /* the person closed the share sheet: nothing to say */
    });
  });
  button.hidden = false;
}

function setUp(root) {
  root.querySelectorAll("[data-copy-link]").forEach(setUpCopy);
  root.querySelectorAll("[data-share-link]").forEach(setUpShare);
}

setUp(document);
document.addEventListener("htmx:load", (event) => {
  if (event.target instanceof Element) setUp(event.target);
});

document.addEventListener("click", (event) => {
  const cancel = event.target.closest("[data-close-ask]");
  if (!cancel) return;
  const question = cancel.closest("details");
  if (!question) return;
  event.preventDefault();
  question.open = false;
  question.querySelector("summary").focus();
});
