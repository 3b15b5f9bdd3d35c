/*
 * The run page while the run goes on or its verdict is being evaluated: polls the run's state every 2 s and reloads
 * the page when the verdict is in. Gives up after the configured wait (perfgate.ui.verdict-wait) and says so.
 */
(function () {
  'use strict';
  var root = document.getElementById('waiting');
  if (!root) { return; }
  var url = root.getAttribute('data-src');
  var message = document.getElementById('waiting-message');
  var every = 2000;
  var waitSeconds = Number(root.getAttribute('data-wait-seconds')) || 600;
  var deadline = Date.now() + waitSeconds * 1000;
  var shown = root.getAttribute('data-status');

  function say(text) {
    if (message.textContent !== text) { message.textContent = text; }
  }

  function waitingFor(status) {
    return status === 'RUNNING' ? 'The run is still going; the verdict shows here when it is in.'
      : 'The verdict is being evaluated; it shows here when it is in.';
  }

  function giveUp() {
    var waited = waitSeconds % 60 === 0 ? waitSeconds / 60 + ' min' : waitSeconds + ' s';
    say((shown === 'RUNNING' ? 'The run is still going' : 'Still evaluating') + ' after ' + waited +
      ': this page stopped checking. Reload it later to see the verdict.');
    root.setAttribute('data-state', 'gave-up');
  }

  function next(delay) {
    if (Date.now() + delay > deadline) { giveUp(); return; }
    setTimeout(poll, delay);
  }

  function poll() {
    fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        if (response.redirected) { throw new Error('signed out? reload the page'); }
        if (!response.ok) { throw new Error('the server answered ' + response.status); }
        return response.json();
      })
      .then(function (state) {
        if (!state.waiting) {
          say('The verdict is in (' + state.status + '); loading it.');
          root.setAttribute('data-state', 'done');
          window.location.reload();
          return;
        }
        shown = state.status;
        say(waitingFor(shown));
        next(every);
      })
      .catch(function (error) {
        say('Lost track of the run (' + error.message + '); retrying.');
        next(2 * every);
      });
  }

  root.setAttribute('data-state', 'polling');
  next(every);
})();
