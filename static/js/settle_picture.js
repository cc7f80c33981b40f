/* The settle-up as a picture for the group chat (settle.html, and share.html once it shows the
 * settle-up): the SVG the server drew in the page's language (<template id="settle-picture">) is
 * drawn onto a canvas with the phone's own fonts and made a PNG; the phone's share sheet sends it
 * where the browser can share files (Web Share API), and elsewhere it is downloaded. The picture
 * is shown on the page either way. On the share page the settle-up comes and goes with the live
 * region's swaps, so each new section is wired when htmx brings it (htmx:load). */

function drawn(svg) {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = +svg.getAttribute("width");
      canvas.height = +svg.getAttribute("height");
      canvas.getContext("2d").drawImage(image, 0, 0);
      canvas.toBlob((blob) => {
        if (blob) resolve({ blob, url: canvas.toDataURL("image/png") });
        else reject(new Error("no picture"));
      }, "image/png");
    };
    image.onerror = reject;
    const text = new XMLSerializer().serializeToString(svg);
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
  });
}

function wirePicture(section, source) {
  const button = section.querySelector("[data-picture-make]");
  const preview = section.querySelector("[data-picture-preview]");
  const saved = section.querySelector("[data-picture-saved]");
  section.hidden = false;

  const download = (blob, name) => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    saved.hidden = false;
  };

  button.addEventListener("click", () => {
    if (button.disabled) return;
    button.disabled = true;
    const svg = source.content.querySelector("svg");
    drawn(svg)
      .then((made) => {
        preview.src = made.url;
        preview.hidden = false;
        const name = button.dataset.file || "settle.png";
        const file = window.File ? new File([made.blob], name, { type: "image/png" }) : null;
        if (file && navigator.canShare && navigator.canShare({ files: [file] })) {
          return navigator.share({ files: [file], title: button.dataset.title || "" }).catch((why) => {
            // Closing the share sheet is no failure; anything else still gives the picture.
            if (!why || why.name !== "AbortError") download(made.blob, name);
          });
        }
        download(made.blob, name);
      })
      .catch(() => {
        /* The picture could not be made here: the page's own standings stay as they are. */
      })
      .then(() => {
        button.disabled = false;
      });
  });
}

function wireWithin(root) {
  if (!root || !root.querySelectorAll || !window.HTMLCanvasElement || !window.XMLSerializer) return;
  const sections = root.matches && root.matches("[data-picture]") ? [root] : root.querySelectorAll("[data-picture]");
  for (const section of sections) {
    const source = section.querySelector("template");
    if (!source || section.dataset.pictureWired) continue;
    section.dataset.pictureWired = "1";
    wirePicture(section, source);
  }
}

wireWithin(document);
document.addEventListener("htmx:load", (event) => wireWithin(event.detail && event.detail.elt));
