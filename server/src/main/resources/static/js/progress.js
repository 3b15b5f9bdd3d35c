/* The progress page of a triggered run: polls its JSON until the run is judged, updating the page in place. */
(function () {
  'use strict';
  var root = document.getElementById('progress');
  if (!root) { return; }
  var url = root.getAttribute('data-src');

  function set(id, text) {
    var element = document.getElementById(id);
    if (element && element.textContent !== String(text)) { element.textContent = text; }
  }

  function render(p) {
    set('p-state', p.state.toLowerCase());
    set('p-message', p.message || '');
    set('p-elapsed', p.elapsedSeconds + ' s of ' + p.totalSeconds + ' s');
    set('p-requests', p.requests.toLocaleString('en'));
    set('p-errors', p.errors.toLocaleString('en'));
    var bar = document.getElementById('p-bar');
    bar.max = Math.max(1, p.totalSeconds);
    bar.value = Math.min(p.elapsedSeconds, p.totalSeconds);
    if (p.runId) {
      var link = document.getElementById('p-run');
      link.href = '/runs/' + encodeURIComponent(p.runId);
      link.textContent = 'run ' + p.runLabel;
      link.hidden = false;
    }
    set('p-log', p.log.join('\n'));
    var verdict = document.getElementById('p-verdict');
    if (p.verdict) {
      verdict.hidden = false;
      var badge = document.getElementById('p-verdict-badge');
      badge.textContent = p.verdict;
      badge.className = 'badge badge-large badge-' + p.verdict.toLowerCase();
      set('p-verdict-summary', p.verdictSummary || '');
    }
    root.setAttribute('data-state', p.state);
  }

  function poll() {
    fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        if (response.status === 404) { return null; }
        if (!response.ok) { throw new Error('the server answered ' + response.status); }
        return response.json();
      })
      .then(function (p) {
        if (p === null) {
          set('p-message', 'PerfGate does not know this triggered run (any more).');
          return;
        }
        render(p);
        if (!p.finished) { setTimeout(poll, 1000); }
      })
      .catch(function (error) {
        set('p-message', 'Lost track of the run (' + error.message + '); retrying.');
        setTimeout(poll, 3000);
      });
  }

  poll();
})();
