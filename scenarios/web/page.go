package web

import (
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"slices"
	"strings"

	"leaselab/cluster/diagram"
)

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// The page's style: the TUI's light palette, so a colour means the same thing in both.
var css = `body{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;margin:16px;color:#1C1C1C;background:#fff}
h1{font-size:18px;margin:0 0 4px}.pass{color:#007500;font-weight:bold}.fail{color:#AF0000;font-weight:bold}
.legend span{margin-right:14px;white-space:nowrap}.note{color:#6C6C6C}
svg{display:block;margin-top:10px}svg text{font-size:10px;fill:#303030}
.grid{stroke:#EEE}.tick{text-anchor:end;fill:#8A8A8A}
.lane line{stroke:#A8A8A8;stroke-width:1.5}.lane.cl line{stroke-dasharray:2 3}.lh{text-anchor:middle;font-weight:bold;font-size:12px!important}
.m path{stroke-width:1.4;cursor:pointer;fill:none}.m path:hover{stroke-width:3}
.ml{text-anchor:middle;font-size:9px!important;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
g.g path{stroke:#005F00}text.g{fill:#005F00}g.e path{stroke:#875F00}text.e{fill:#875F00}
g.l path{stroke:#AF0000;stroke-width:2.2}text.l{fill:#AF0000;text-decoration:underline}
g.r path{stroke:#005F87}text.r{fill:#005F87}g.v path{stroke:#870087}text.v{fill:#870087}
g.q path{stroke:#005FAF}text.q{fill:#005FAF}g.p path{stroke:#007500}text.p{fill:#007500}
g.pn path{stroke:#6C6C6C}text.pn{fill:#6C6C6C}g.a path{stroke:#4E4E4E}text.a{fill:#4E4E4E}g.s path{stroke:#0000AF}text.s{fill:#0000AF}
g.h path{stroke:#BCBCBC;stroke-width:.8}g.h{display:none}svg.hb g.h{display:inline}g.x path{stroke:#AF0000;stroke-dasharray:4 3}text.x,.xm{fill:#AF0000!important;font-weight:bold;cursor:pointer}
` + markerCSS + `
.k{cursor:pointer;font-size:12px!important}.role-leader{fill:#8A6100!important}.role-follower{fill:#005F87!important}
.role-candidate{fill:#870087!important}.role-pre-candidate{fill:#875F00!important}.bad{fill:#AF0000!important}
.z{fill:#875F00!important}.o{fill:#4E4E4E!important}.f line{stroke:#5F5F5F;stroke-dasharray:1 3}.f text{fill:#5F5F5F}
.st{fill:none;pointer-events:none}.st.leader{stroke:#8A6100;stroke-width:3;opacity:.55}.st.down{stroke:#AF0000;stroke-width:2;stroke-dasharray:2 4}
.st.iso{stroke:#005FAF;stroke-width:2;stroke-dasharray:6 3;opacity:.6}.f.vi line{stroke:#AF0000;stroke-dasharray:none}.f.vi text{fill:#AF0000;font-weight:bold}
.bar path{cursor:pointer;stroke-width:6;fill:none}.bh path{stroke:#008700}path.bz{stroke:#FFAF5F}.zt{font-size:9px!important}
.say text{fill:#5F0087;font-style:italic;font-size:11px!important}.sl{stroke:#D7AFFF;stroke-dasharray:3 3}
.sel{stroke:#000!important;stroke-width:3!important}.bar .sel{stroke-width:8!important}
#d{position:fixed;right:12px;bottom:12px;max-width:560px;background:#FFFFF0;border:1px solid #A8A8A8;padding:8px;white-space:pre-wrap;display:none;box-shadow:0 2px 6px #0003}
#d.on{display:block}`

// The page's script: hover shows an element's details, a click pins them.
const js = `const J=JSON.parse(document.getElementById('data').textContent),D=J.d,W=J.w;
document.querySelectorAll('#sd .d,#sd .dg>*').forEach((e,i)=>{e.dataset.i=i;});
const sec=ms=>(ms/1000).toFixed(3)+'s';
const box=document.getElementById('d');let pinned=null;
function fm(a){if(typeof a==='string')return a;
if(a[0]<0){let s='n'+a[1]+' lock '+W[a[2]]+' #'+a[3]+'\napplied '+sec(a[5])+'; lease '+a[4]+'ms counted down on n'+a[1]+"'s own clock";
if(a[6]>=0)s+='\ncountdown reached zero at '+sec(a[6])+' (true time): expired here, held until a committed Expire';
return s+'\nended '+sec(a[7])+': '+W[a[8]];}
let s=W[a[1]]+'  '+W[a[0]]+'\nsent '+sec(a[2])+'\n'+(a[4]?a[4]+' at '+sec(a[3]):'delivered '+sec(a[3])+' (latency '+(a[3]-a[2])+'ms)');
if(a[5])s+='\nheld '+a[5]+'ms on the wire by a delay rule';
if(a[6])s+='\nterm '+a[6][0]+'  index '+a[6][1]+'  log term '+a[6][2]+'  commit '+a[6][3]+'  entries '+a[6][4];
if(a[7])s+='\n'+a[7];return s;}
function show(g){box.textContent=fm(D[+g.dataset.i]);box.classList.add('on');}
function pick(t){return t&&t.closest?t.closest('[data-i]'):null;}
const svg=document.getElementById('sd');
const hb=document.getElementById('hb');hb.addEventListener('change',()=>svg.classList.toggle('hb',hb.checked));
svg.addEventListener('mouseover',e=>{const g=pick(e.target);if(g&&!pinned)show(g);});
svg.addEventListener('mouseout',e=>{if(!pinned)box.classList.remove('on');});
svg.addEventListener('click',e=>{const g=pick(e.target);if(pinned)pinned.classList.remove('sel');
pinned=g;if(g){g.classList.add('sel');show(g);}else box.classList.remove('on');});`

// writePage writes the whole document.
func writePage(o *errWriter, p *Page) {
	rows := p.Rec.Rows()
	d := &drawing{p: p, out: o, pps: scale(p.End), late: map[uint64]bool{}, keys: map[string]int{}, dictIdx: map[string]int{}}
	routine, lock := 0, 0
	for i := range rows {
		r := &rows[i]
		switch {
		case r.Mark:
			if r.M.Kind == diagram.MarkApply && r.M.Late {
				d.late[r.M.Index] = true
			}
		case r.Msg.Lock:
			lock++
		default:
			routine++
		}
	}
	every := 1
	if routine > routineBudget {
		every = (routine + routineBudget - 1) / routineBudget
	}
	nth := make([]int, len(rows)) // the routine message's number among routine messages
	c := 0
	for i := range rows {
		if !rows[i].Mark && !rows[i].Msg.Lock {
			nth[i] = c
			c++
		}
	}
	keep := func(i int) bool { return rows[i].Msg.Lock || nth[i]%every == 0 }

	o.str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
	o.printf("<title>leaselab: %s</title><style>%s</style></head><body>\n", html.EscapeString(p.Title), css)
	o.printf("<h1>%s</h1>\n", html.EscapeString(p.Title))
	verdict := `<span class="pass">PASS</span>`
	if !p.Passed {
		verdict = `<span class="fail">FAIL</span>`
	}
	o.printf("<p>%s %s · seed %d · simulated %s · %d lock messages, %d routine</p>\n",
		verdict, html.EscapeString(p.Name), p.Seed, fmtSec(p.End.Seconds()), lock, routine)
	if len(p.Failures) > 0 {
		o.str(`<ul class="fail">`)
		for _, f := range p.Failures {
			o.printf("<li>%s</li>", html.EscapeString(f))
		}
		o.str("</ul>\n")
	}
	if len(p.Violations) == 0 {
		o.str(`<p id="violations">violations: none</p>` + "\n")
	} else {
		o.str(`<p id="violations" class="fail">violations:</p><ul class="fail">`)
		for _, v := range p.Violations {
			o.printf("<li>%s</li>", html.EscapeString(v.String()))
		}
		o.str("</ul>\n")
	}
	o.str(`<p class="legend">` + legend + "</p>\n")
	note := "Time runs down the page in true (simulated) time; an arrow leaves its sender when sent and reaches its receiver when delivered, so it slopes with latency. Bars beside a node's lane are the locks it holds, on its own clock: green while its countdown runs, orange once it reached zero there, until the committed Expire or Release."
	if every > 1 {
		note += fmt.Sprintf(" Heartbeats and other routine messages (hidden until the box below is ticked) are thinned: one in %d of %d is drawn.", every, routine)
	}
	if lock > labelBudget {
		note += " With this many messages arrows carry no text: hover one for its label."
	}
	o.printf(`<p class="note" id="note">%s</p>`+"\n", html.EscapeString(note))
	o.str(`<label><input type="checkbox" id="hb"> show heartbeats and other routine messages</label>` + "\n")

	end := d.y(p.End) + 20
	says, sayEnd := d.layoutSays()
	height := max(end, sayEnd) + 30
	o.printf(`<svg id="sd" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="space-time diagram">`+"\n",
		d.width(), height, d.width(), height)
	o.str(markers)
	d.lanes(end)
	d.laneStates(rows)
	d.bars(lockBars(rows, p.Rec.Lanes.Nodes, p.End))
	d.messages(rows, keep, lock <= labelBudget)
	d.marks(rows)
	d.says(says)
	o.str("</svg>\n<div id=\"d\"></div>\n<script type=\"application/json\" id=\"data\">")
	b, _ := json.Marshal(map[string]any{"d": d.details, "w": d.dict})
	o.str(jsonForScript(string(b)))
	o.printf("</script>\n<script>%s</script>\n</body></html>\n", js)
}

// jsonForScript keeps JSON inside a script element from closing it.
func jsonForScript(s string) string { return strings.ReplaceAll(s, "</", `<\/`) }

// legend explains colours and the symbols that repeat them.
const legend = `<span style="color:#005F00">━ MsgApp [Grant…]</span><span style="color:#875F00">━ MsgApp [Expire…]</span>` +
	`<span style="color:#AF0000;text-decoration:underline">━ late Expire (applied with nothing to delete)</span>` +
	`<span style="color:#005F87">━ Release</span><span style="color:#870087">━ votes</span>` +
	`<span style="color:#005FAF">━ client request</span><span style="color:#007500">━ reply</span>` +
	`<span style="color:#AF0000">╌✗ lost</span><span style="color:#A8A8A8">━ heartbeat/routine</span>` +
	`<span style="color:#8A6100">★ leader</span><span style="color:#005F87">● follower</span><span style="color:#870087">◐ candidate</span>` +
	`<span style="color:#AF0000">✖ crash (lane dotted red while down)</span><span>↺ restart</span><span>⊘ isolated ⊕ rejoins (lane dashed blue)</span>` +
	`<span style="color:#8A6100">┃ lane thick while leader</span>` +
	`<span>✓ applied</span><span style="color:#875F00">◷ countdown at zero</span>` +
	`<span><b style="color:#008700">▮</b><b style="color:#FFAF5F">▮</b> lock held (countdown running, then at zero)</span>`

// markers are the arrowheads, one per colour class.
var markers = func() string {
	cols := [][2]string{{"g", "#005F00"}, {"e", "#875F00"}, {"l", "#AF0000"}, {"r", "#005F87"}, {"v", "#870087"},
		{"q", "#005FAF"}, {"p", "#007500"}, {"pn", "#6C6C6C"}, {"a", "#4E4E4E"}, {"s", "#0000AF"}, {"h", "#D0D0D0"}, {"x", "#AF0000"}}
	var b strings.Builder
	b.WriteString("<defs>")
	for _, c := range cols {
		fmt.Fprintf(&b, `<marker id="a-%s" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="%s"/></marker>`, c[0], c[1])
	}
	b.WriteString("</defs>\n")
	return b.String()
}()

// markerCSS gives each arrow class its arrowhead (in CSS, not on every line).
const markerCSS = `g.g>path{marker-end:url(#a-g)}g.e>path{marker-end:url(#a-e)}g.l>path{marker-end:url(#a-l)}g.r>path{marker-end:url(#a-r)}` +
	`g.v>path{marker-end:url(#a-v)}g.q>path{marker-end:url(#a-q)}g.p>path{marker-end:url(#a-p)}g.pn>path{marker-end:url(#a-pn)}` +
	`g.a>path{marker-end:url(#a-a)}g.s>path{marker-end:url(#a-s)}g.h>path{marker-end:url(#a-h)}`
