/* The settle-up as a picture for the group chat (settle.html): the SVG the server drew in the
 * page's language (<template id="settle-picture">) is drawn onto a canvas with the phone's own
 * fonts and made a PNG; the phone's share sheet sends it where the browser can share files (Web
 * Share API), and elsewhere it is downloaded. The picture is shown on the page either way. */
(function () {
  "use strict";

  var section = document.querySelector("[data-picture]");
  var source = document.getElementById("settle-picture");
  if (!section || !source || !window.HTMLCanvasElement || !window.XMLSerializer) return;
  var button = section.querySelector("[data-picture-make]");
  var preview = section.querySelector("[data-picture-preview]");
  var saved = section.querySelector("[data-picture-saved]");
  section.hidden = false;

  function drawn(svg) {
    return new Promise(function (resolve, reject) {
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = +svg.getAttribute("width");
        canvas.height = +svg.getAttribute("height");
        canvas.getContext("2d").drawImage(image, 0, 0);
        canvas.toBlob(function (blob) {
          if (blob) resolve({ blob: blob, url: canvas.toDataURL("image/png") });
          else reject(new Error("no picture"));
        }, "image/png");
      };
      image.onerror = reject;
      var text = new XMLSerializer().serializeToString(svg);
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
    });
  }

  function download(blob, name) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
    saved.hidden = false;
  }

  button.addEventListener("click", function () {
    if (button.disabled) return;
    button.disabled = true;
    var svg = source.content.querySelector("svg");
    drawn(svg).then(function (made) {
      preview.src = made.url;
      preview.hidden = false;
      var name = button.dataset.file || "settle.png";
      var file = window.File ? new File([made.blob], name, { type: "image/png" }) : null;
      if (file && navigator.canShare && navigator.canShare({ files: [file] })) {
        return navigator.share({ files: [file], title: button.dataset.title || "" }).catch(function (why) {
          // Closing the share sheet is no failure; anything else still gives the picture.
          if (!why || why.name !== "AbortError") download(made.blob, name);
        });
      }
      download(made.blob, name);
    }).catch(function () {
      /* The picture could not be made here: the page's own standings stay as they are. */
    }).then(function () { button.disabled = false; });
  });
})();
