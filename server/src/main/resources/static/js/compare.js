/* The compare page's differential flame graph (d3-flame-graph): widths are run A, red grew and blue shrank against B. */
(function () {
  'use strict';
  var element = document.getElementById('flamegraph');
  var status = document.getElementById('flamegraph-status');
  if (!element) { return; }

  var source = null;
  fetch(element.getAttribute('data-src'), { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(function (response) {
      source = response.headers.get('PerfGate-Profiles');
      if (response.status === 404) {
        status.textContent = 'No profile data for these runs.';
        element.hidden = true;
        return null;
      }
      if (!response.ok) { throw new Error('the server answered ' + response.status); }
      return response.json();
    })
    .then(function (tree) {
      if (!tree) { return; }
      var chart = flamegraph.default()
        .width(Math.max(320, element.clientWidth - 16))
        .cellHeight(18)
        .minFrameSize(1)
        .transitionDuration(0)
        .sort(true)
        .title('')
        .setColorMapper(flamegraph.colorMapper.differentialColorMapper)
        .setLabelHandler(function (d) {
          var name = d.data.name;
          var share = (100 * (d.x1 - d.x0)).toFixed(2);
          var delta = d.data.delta;
          return name + ' — ' + share + ' % of run A (' + d.data.value + ' samples), ' +
            (delta > 0 ? '+' : '') + delta + ' samples against B';
        })
        .setDetailsElement(document.getElementById('flamegraph-details'));
      d3.select(element).datum(tree).call(chart);
      element.setAttribute('data-drawn', 'true');
      status.textContent = 'Differential flame graph of the CPU profiles' + (source ? ' (' + source + ')' : '') +
        ': click a frame to zoom.';
    })
    .catch(function (error) {
      status.textContent = 'The profile diff could not be loaded: ' + error.message;
    });
})();
