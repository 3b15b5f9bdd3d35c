/* Shared chart settings for PerfGate's pages (ECharts). */
window.PerfGateCharts = (function () {
  'use strict';

  var colors = {
    PASS: '#1a7f37', WARN: '#8a5c00', FAIL: '#c9202c', INCONCLUSIVE: '#6e5494', INVALID: '#57606a', PENDING: '#0550ae'
  };

  function data(id) {
    var element = document.getElementById(id);
    return element ? JSON.parse(element.textContent) : null;
  }

  function init(element) {
    var chart = echarts.init(element, null, { renderer: 'canvas' });
    window.addEventListener('resize', function () { chart.resize(); });
    return chart;
  }

  function number(value) {
    if (value === null || value === undefined) { return '–'; }
    return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2).replace(/\.?0+$/, '');
  }

  function time(ms) {
    return new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  }

  function escape(text) {
    return String(text === null || text === undefined ? '' : text)
      .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  }

  var base = {
    animation: false,
    textStyle: { fontFamily: 'system-ui, sans-serif' },
    grid: { left: 56, right: 24, top: 48, bottom: 36 }
  };

  return { colors: colors, data: data, init: init, number: number, time: time, escape: escape, base: base };
})();
