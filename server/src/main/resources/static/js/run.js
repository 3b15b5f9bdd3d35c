/* The run page's charts: throughput and latency per second, and a Prometheus check's series, the ramp-up shaded. */
(function () {
  'use strict';
  var C = window.PerfGateCharts;

  function shadeOf(span) {
    return {
      silent: true, itemStyle: { color: 'rgba(87, 96, 106, 0.14)' },
      label: { color: '#57606a', position: 'insideTop' },
      data: span.steadyStart > span.start ? [[{ name: 'ramp-up', xAxis: span.start }, { xAxis: span.steadyStart }]] : []
    };
  }

  function prometheus() {
    var element = document.getElementById('chart-prometheus');
    var status = document.getElementById('prometheus-status');
    if (!element) { return; }
    fetch(element.getAttribute('data-src'), { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        if (!response.ok) { throw new Error('the server answered ' + response.status); }
        return response.json();
      })
      .then(function (chart) {
        var unit = chart.unit || '';
        status.textContent = chart.reason ? chart.check + ' from Prometheus: ' + chart.reason
          : chart.check + ' from Prometheus: ' + chart.query;
        C.init(element).setOption(Object.assign({}, C.base, {
          title: { text: chart.check + ' (Prometheus)', left: 8, top: 6, textStyle: { fontSize: 14, fontWeight: 600 } },
          tooltip: { trigger: 'axis', valueFormatter: function (v) { return C.number(v) + ' ' + unit; } },
          xAxis: { type: 'time', min: chart.start, max: chart.end },
          yAxis: { type: 'value', name: unit, scale: true },
          series: [{ name: chart.check, type: 'line', showSymbol: false, color: '#6e5494', data: chart.points, markArea: shadeOf(chart) }]
        }));
      })
      .catch(function (error) {
        status.textContent = 'The Prometheus series could not be loaded: ' + error.message;
      });
  }

  prometheus();
  var data = C.data('run-charts');
  if (!data) { return; }
  var shade = shadeOf(data);

  function series(name, color, values, withShade) {
    var s = { name: name, type: 'line', showSymbol: false, connectNulls: false, color: color, data: values };
    if (withShade) { s.markArea = shade; }
    return s;
  }

  function option(title, unit, lines) {
    return Object.assign({}, C.base, {
      title: { text: title, left: 8, top: 6, textStyle: { fontSize: 14, fontWeight: 600 } },
      legend: { top: 8, right: 12 },
      tooltip: { trigger: 'axis', valueFormatter: function (v) { return C.number(v) + ' ' + unit; } },
      xAxis: { type: 'time', min: data.start, max: data.end },
      yAxis: { type: 'value', name: unit, nameTextStyle: { align: 'right' } },
      series: lines
    });
  }

  C.init(document.getElementById('chart-throughput')).setOption(option('Throughput', 'per s', [
    series('requests', '#0550ae', data.seconds.map(function (s) { return [s.t, s.requests]; }), true),
    series('errors', '#c9202c', data.seconds.map(function (s) { return [s.t, s.errors]; }), false)
  ]));
  C.init(document.getElementById('chart-latency')).setOption(option('Response time', 'ms', [
    series('mean', '#1a7f37', data.seconds.map(function (s) { return [s.t, s.meanMs]; }), true),
    series('p99', '#8a5c00', data.seconds.map(function (s) { return [s.t, s.p99Ms]; }), false)
  ]));
})();
