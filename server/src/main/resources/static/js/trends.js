/* The trends page: per check, every run's value over time, coloured by its status, baseline, threshold and change points drawn. */
(function () {
  'use strict';
  var C = window.PerfGateCharts;
  var trends = C.data('trend-data') || [];

  trends.forEach(function (trend, index) {
    var element = document.getElementById('trend-' + index);
    if (!element || trend.points.length === 0) { return; }
    var unit = trend.unit ? ' ' + trend.unit : '';
    var values = trend.points.map(function (p) {
      return { value: [p.t, p.value], itemStyle: { color: C.colors[p.status] || '#57606a' }, point: p };
    });
    var lines = [
      { name: 'value', type: 'line', data: values, symbolSize: 10, color: '#57606a', lineStyle: { color: '#8c959f', width: 1 } },
      {
        name: 'baseline', type: 'line', symbol: 'diamond', symbolSize: 7, color: '#0550ae',
        lineStyle: { type: 'dashed', color: '#0550ae', width: 1.5 },
        data: trend.points.filter(function (p) { return p.baseline !== null; })
          .map(function (p) { return [p.t, p.baseline]; })
      }
    ];
    if (trend.threshold !== null) {
      lines[0].markLine = {
        silent: true, symbol: 'none', lineStyle: { color: '#c9202c', type: 'solid', width: 1.5 },
        label: { formatter: 'requirement ' + trend.requirement, position: 'insideEndTop', color: '#c9202c' },
        data: [{ yAxis: trend.threshold }]
      };
    }
    if (trend.changes && trend.changes.length > 0) {
      lines.push({
        name: 'change point', type: 'line', data: [], color: '#8250df',
        markLine: {
          silent: true, symbol: 'none', lineStyle: { color: '#8250df', type: 'dotted', width: 2 },
          label: { position: 'insideStartTop', color: '#8250df' },
          data: trend.changes.map(function (c) {
            return { xAxis: c.t, label: { formatter: 'change at run ' + c.run + ': ' + (c.changePct >= 0 ? '+' : '') + c.changePct.toFixed(1) + ' %' } };
          })
        }
      });
    }
    var chart = C.init(element);
    chart.setOption(Object.assign({}, C.base, {
      legend: { top: 8, right: 12, data: ['value', 'baseline'] },
      tooltip: {
        trigger: 'item',
        formatter: function (item) {
          var p = item.data && item.data.point;
          if (!p) { return C.escape(item.seriesName) + ': ' + C.number(item.value[1]) + C.escape(unit); }
          return '<strong>run ' + C.escape(p.run) + '</strong>' + (p.version ? ' · ' + C.escape(p.version) : '') +
            '<br>' + C.escape(C.time(p.t)) +
            '<br>' + C.escape(trend.name) + ': <strong>' + C.number(p.value) + C.escape(unit) + '</strong> (' + C.escape(p.status) + ')' +
            (p.baseline !== null ? '<br>baseline ' + C.number(p.baseline) + C.escape(unit) + ' in ' + C.escape(p.baselineLabel) : '') +
            '<br>verdict ' + C.escape(p.verdict);
        }
      },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: trend.unit || '', scale: true },
      series: lines
    }));
    chart.on('click', function (item) {
      if (item.data && item.data.point) { window.location.href = '/runs/' + encodeURIComponent(item.data.point.id); }
    });
  });
})();
