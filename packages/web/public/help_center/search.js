// Search of the user guide: keeps the sections whose text holds every word typed (accents and case
// ignored) and says how many match. An external file, since the pages' security policy runs no inline script.
(function () {
  var input = document.getElementById('guide-search');
  var status = document.getElementById('guide-search-status');
  if (!input || !status) return;
  var fold = function (s) {
    return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  };
  var sections = Array.prototype.slice.call(document.querySelectorAll('main section'));
  var texts = sections.map(function (s) {
    return fold(s.textContent || '');
  });
  var tocLinks = Array.prototype.slice.call(document.querySelectorAll('nav.toc a'));
  function run() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    sections.forEach(function (section, i) {
      var hit = words.every(function (w) {
        return texts[i].indexOf(w) >= 0;
      });
      section.hidden = !hit;
      if (hit) shown++;
    });
    tocLinks.forEach(function (a) {
      var target = document.getElementById((a.getAttribute('href') || '').slice(1));
      if (a.parentElement) a.parentElement.hidden = !!target && target.hidden;
    });
    var template = words.length === 0 ? '' : shown === 0 ? status.dataset.none : status.dataset.some;
    status.textContent = (template || '').replace('{n}', String(shown));
  }
  input.addEventListener('input', run);
  var q = new URLSearchParams(location.search).get('q');
  if (q) {
    input.value = q;
    run();
  }
})();
