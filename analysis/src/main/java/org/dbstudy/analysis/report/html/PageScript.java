package org.dbstudy.analysis.report.html;

/**
 * The page's style and its one small script, both inline so index.html works from disk with no
 * network: every {@code table.data} gets a filter box (rows containing the typed text stay) and
 * headers that sort by their column on click (numbers as numbers, the rest as text; again to reverse), a
 * TOTAL row ({@code tr.total}) staying last.
 */
final class PageScript {
    static final String CSS = "body{font-family:system-ui,sans-serif;margin:1.5em 2em;max-width:1500px;color:#222;line-height:1.4}"
            + "h1{margin-bottom:.2em}h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.6em}"
            + "table{border-collapse:collapse;font-size:13px;margin:.3em 0 1em}"
            + "th,td{border:1px solid #ccc;padding:2px 6px;vertical-align:top}td.n{white-space:nowrap}th{background:#eee;cursor:pointer;position:sticky;top:0}"
            + "th[data-sort=asc]::after{content:' \\25B2'}th[data-sort=desc]::after{content:' \\25BC'}"
            + "td.n{text-align:right;font-variant-numeric:tabular-nums}tr:nth-child(even){background:#f8f8f8}"
            + "tr.differs{background:#fff3cd}tr.total td{font-weight:600}tr.yes td:last-child{font-weight:bold}.scroll{overflow-x:auto;max-height:70vh}"
            + ".warn{color:#a40}.warn li{white-space:pre-line}.note{color:#555;font-size:13px}.lead{font-size:17px}"
            + "input.filter{margin:.2em 0;padding:2px 6px;font-size:13px;width:16em}"
            + "figure{margin:1em 0}figure svg,figure img{max-width:100%;height:auto;border:1px solid #e4e4e4}"
            + "figcaption{font-size:13px;color:#444;max-width:1100px}nav{font-size:14px;margin:.5em 0 1em}"
            + "nav a{margin-right:.8em;white-space:nowrap}details{margin:.4em 0}summary{cursor:pointer;font-weight:600}"
            + "dl.classes dt{font-weight:600;margin-top:.4em}dl.classes dd{margin-left:1.5em}";

    static final String JS = "(function(){document.querySelectorAll('table.data').forEach(function(t){"
            + "var body=t.tBodies[0];if(!body)return;"
            + "if(body.rows.length>8){var f=document.createElement('input');f.type='search';f.className='filter';"
            + "f.placeholder='filter rows';f.setAttribute('aria-label','filter rows');t.parentNode.parentNode.insertBefore(f,t.parentNode);"
            + "f.addEventListener('input',function(){var q=f.value.toLowerCase();Array.prototype.forEach.call(body.rows,"
            + "function(r){r.style.display=r.textContent.toLowerCase().indexOf(q)<0?'none':'';});});}"
            + "Array.prototype.forEach.call(t.tHead.rows[0].cells,function(th,i){th.title='sort by this column';"
            + "th.addEventListener('click',function(){var asc=th.getAttribute('data-sort')!=='asc';"
            + "Array.prototype.forEach.call(t.tHead.rows[0].cells,function(x){x.removeAttribute('data-sort');});"
            + "th.setAttribute('data-sort',asc?'asc':'desc');var rows=Array.prototype.slice.call(body.rows);"
            + "rows.sort(function(a,b){var x=a.cells[i]?a.cells[i].textContent.trim():'',y=b.cells[i]?b.cells[i].textContent.trim():'';"
            + "var nx=parseFloat(x),ny=parseFloat(y),c;if(!isNaN(nx)&&!isNaN(ny)&&/^[-+]?[0-9.]/.test(x)&&/^[-+]?[0-9.]/.test(y)){c=nx-ny;}"
            + "else if(x===''||y===''){c=x===''?(y===''?0:1):-1;}else{c=x.localeCompare(y,undefined,{numeric:true});}"
            + "return asc?c:-c;});rows.forEach(function(r){body.appendChild(r);});"
            + "Array.prototype.forEach.call(body.querySelectorAll('tr.total'),function(r){body.appendChild(r);});});});});})();";

    private PageScript() {
    }
}
