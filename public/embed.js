/*
 * SSD Playground embed helper. Include once on a page with SSD Playground iframes:
 *   <script async src=".../embed.js"></script>
 * Each embedded chart posts {type: "ssd-playground:height", height} when its content changes
 * size; this resizes the iframe that sent it. Only the sending frame is touched, and only its
 * height, with a number clamped to a sane range.
 */
(function () {
  if (window.__ssdPlaygroundEmbed) return;
  window.__ssdPlaygroundEmbed = true;
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.type !== 'ssd-playground:height' || typeof data.height !== 'number' || !isFinite(data.height)) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.max(120, Math.min(4000, Math.ceil(data.height))) + 'px';
        return;
      }
    }
  });
})();
