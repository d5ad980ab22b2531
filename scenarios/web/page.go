package web

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
	"leaselab/scenarios"
)

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// The page's style: the TUI's light palette, so a colour means the same thing in both.
//
// Layout: the header's texts wrap to the window; below them #wrap holds the sticky #bar (the
// controls, then the lane headers and the narration's) and #stage, two rows split alike: the
// diagram's column (.dcol: #dia, which scrolls sideways inside its own box when the window is
// too narrow for it, the lane headers following it) and the narration's (.ncol: #nar, its
// notes at their instants' y). The narration column keeps its full width while it fits beside
// the whole diagram, else takes what is left, but never less than 60% of the row: then its
// notes reflow to that width and the script moves each below the one before (the page's own
// style sets the two widths: see writePage). So no window is too narrow to read the story.
var css = `body{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;margin:16px 32px 16px 16px;color:#1C1C1C;background:#fff}
@media (max-width:600px){body{margin:8px 24px 8px 8px}}p,ul{overflow-wrap:anywhere}pre#why{overflow-x:auto}
h1{font-size:18px;margin:0 0 4px}.pass{color:#007500;font-weight:bold}.fail{color:#AF0000;font-weight:bold}
.legend{max-width:1200px;font-size:11px}.legend span{margin-right:12px;display:inline-block;max-width:100%}.note{color:#6C6C6C;max-width:1200px}
li.jump{cursor:pointer;text-decoration:underline dotted}li.jump:hover{background:#FFD7D7}
#wrap{position:relative}#bar{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid #D0D0D0}
#bar .ctl{padding:2px 0;font-size:12px}#bar input[type=search]{font:inherit;width:220px;max-width:100%}
.row{display:flex;align-items:flex-start}.dcol{flex:0 1 auto;min-width:0}.ncol{flex:0 0 auto}
#lhs{overflow-x:auto;scrollbar-width:thin}#lhi{position:relative;height:22px}#dia{overflow-x:auto;overflow-y:hidden}
#bar .lh{position:absolute;top:2px;text-align:center;font-weight:bold;cursor:pointer;border-radius:3px;user-select:none}
#bar .lh:hover{background:#EEE}#bar .lh.off{color:#BBB;text-decoration:line-through}#bar .lt0{position:absolute;top:4px;font-size:10px;color:#8A6100}
#bar .nh{display:block;padding-top:2px;font-weight:bold}
svg{display:block}svg text{font-size:9px;fill:#303030}
.tick{text-anchor:end;fill:#8A8A8A!important}.strip{stroke:#EEE;stroke-width:1}.ls{fill:#F5D77A;cursor:pointer}.ls2{fill:#E0A000}.lt{fill:#8A6100!important;font-weight:bold}
.lane line{stroke:#A8A8A8;stroke-width:1.5}.lane.cl line{stroke-dasharray:2 3}
.m path{stroke-width:1.4;cursor:pointer;fill:none}.m path:hover{stroke-width:3}
.tl{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
g.g path{stroke:#005F00}text.g{fill:#005F00}g.e path{stroke:#875F00}text.e{fill:#875F00}
g.l path{stroke:#AF0000;stroke-width:2.2}text.l{fill:#AF0000;text-decoration:underline}
g.r path{stroke:#005F87}text.r{fill:#005F87}g.v path{stroke:#870087}text.v{fill:#870087}
g.q path{stroke:#005FAF}text.q{fill:#005FAF}g.p path{stroke:#007500}text.p{fill:#007500}
g.pn path{stroke:#6C6C6C}text.pn{fill:#6C6C6C}g.a path{stroke:#4E4E4E}text.a{fill:#4E4E4E}g.s path{stroke:#0000AF}text.s{fill:#0000AF}
g.h path{stroke:#BCBCBC;stroke-width:.8}g.h,g.xh,.xmh{display:none}svg.hb g.h,svg.hb g.xh,svg.hb .xmh{display:inline}
g.x path,g.xh path{stroke:#AF0000;stroke-dasharray:4 3}g.xh path{stroke:#E0A0A0}text.x,.xm{fill:#AF0000!important;font-weight:bold;cursor:pointer}
` + markerCSS + `
.k{cursor:pointer;font-size:11px!important;text-anchor:middle}.role-leader{fill:#8A6100!important}.role-follower{fill:#005F87!important}
.role-candidate{fill:#870087!important}.role-pre-candidate{fill:#875F00!important}.bad{fill:#AF0000!important}
.z{fill:#875F00!important}.o{fill:#4E4E4E!important}.f{stroke:#5F5F5F;stroke-dasharray:1 3}.f.vi{stroke:#AF0000;stroke-dasharray:none;stroke-width:2}
.vt{fill:#AF0000!important;font-weight:bold}.ft,.ptt{fill:#5F5F5F!important}.ct{fill:#005FAF!important}.owt{fill:#AF0000!important}
.kt{fill:#006000!important}.bt{fill:#0050A0!important}.ckt{fill:#8A6100!important}.wt.ok{fill:#007500!important}.wt.no{fill:#AF0000!important;font-weight:bold}
.st{fill:none;pointer-events:none}.st.leader{stroke:#8A6100;stroke-width:3;opacity:.55}.st.down{stroke:#AF0000;stroke-width:2;stroke-dasharray:2 4}
.st.iso{stroke:#005FAF;stroke-width:2;stroke-dasharray:6 3;opacity:.6}
.pt{fill:#005FAF;opacity:.07}.ck{fill:#FFD75F;opacity:.25}.brk{fill:#F4F4F4}.bk{fill:#6C6C6C!important;font-style:italic}
.bar path{cursor:pointer;stroke-width:5;fill:none}.bh path{stroke:#008700}path.bz{stroke:#FFAF5F}
.op{stroke-width:3;fill:none;cursor:pointer}.opk{stroke:#5FAF5F}.opf{stroke:#D75F5F}.opi{stroke:#FFAF00;stroke-dasharray:3 2}
.bl{stroke:#5F87D7;stroke-width:5;fill:none;cursor:pointer;opacity:.8}.ow{stroke:#AF0000;stroke-width:3;stroke-dasharray:3 2;fill:none;cursor:pointer}
.cm path{stroke:#303030;stroke-width:1.2;cursor:pointer}.wr{stroke-width:1.6;fill:none;cursor:pointer}.wr.ok{stroke:#007500}.wr.no{stroke:#AF0000;stroke-dasharray:4 2}
.jm rect{fill:#AF0000}.jm text{fill:#fff!important;font-weight:bold}.flash{animation:fl 1.6s 2}@keyframes fl{50%{opacity:.2}}
.hit{stroke:#FF00FF!important;stroke-width:4!important}text.hit{fill:#FF00FF!important}.nt.hit{background:#FFD7FF}
.sel{stroke:#000!important;stroke-width:3!important}.bar .sel{stroke-width:8!important}
#nar{position:relative}.nt{position:absolute;left:0;right:1px;font-size:12px;line-height:15px;white-space:pre;color:#5F0087;border-left:3px solid #D7AFFF;padding-left:6px;background:#FCF8FF}
.nt.pause{color:#8A8A8A;border-color:#DDD;background:none;font-size:11px}.nt.ask{color:#303030;border-color:#870087;background:#F6EEFF}
.flow .nt{white-space:normal;overflow-wrap:anywhere}.flow .nt .q,.flow .nt .ch,.flow .nt .ans,.flow .nt .rv{display:block}
.nt .ch{color:#303030}.nt .ans{visibility:hidden;color:#007500}.nt.open .ans{visibility:visible}.nt .rv{font:inherit;font-size:11px;margin:3px 0}
#ov{position:fixed;right:0;top:0;width:16px;height:100vh;background:#F4F4F4;border-left:1px solid #D0D0D0;cursor:pointer;z-index:6}
#ov i{position:absolute;left:2px;width:12px;height:2px}#ov .vp{position:absolute;left:0;width:15px;border:1px solid #5F5F5F;background:#0001}
#d{position:fixed;right:24px;bottom:12px;max-width:min(560px,calc(100vw - 48px));background:#FFFFF0;border:1px solid #A8A8A8;padding:8px;white-space:pre-wrap;display:none;box-shadow:0 2px 6px #0003;z-index:7}
#d.on{display:block}
#gl{position:fixed;left:16px;top:10vh;max-width:min(760px,calc(100vw - 64px));max-height:78vh;overflow:auto;background:#fff;border:1px solid #A8A8A8;padding:8px 12px;box-shadow:0 2px 8px #0004;z-index:8}
#gl[hidden]{display:none}#gl .gh{position:sticky;top:-8px;background:#fff;padding:4px 0;border-bottom:1px solid #D0D0D0}#glx{float:right;font:inherit}#gl dt{font-weight:bold;color:#8A6100;margin-top:6px}#gl dd{margin:0 0 0 2ch}#gl dt.on{background:#FFF0B0}.gl{color:#0050A0;text-decoration:underline;cursor:pointer}`

// The page's script: hover shows an element's details and a click pins them; lane headers
// hide lanes; the search box marks what matches; the header's lines jump to their instants;
// the strip at the right is the whole run at a glance.
const js = `const J=JSON.parse(document.getElementById('data').textContent),D=J.d,W=J.w;
function idx(e){if(!e||!e.dataset)return -1;if(e.dataset.i!==undefined)return +e.dataset.i;const p=e.parentNode;
if(p&&p.dataset&&p.dataset.i0!==undefined)return +p.dataset.i0+Array.prototype.indexOf.call(p.children,e);return -1;}
const sec=ms=>(ms/1000).toFixed(3)+'s';
const box=document.getElementById('d');let pinned=null;
function fm(a){if(typeof a==='string')return a;if(!a)return '';
if(a[0]<0){let s='n'+a[1]+' lock '+W[a[2]]+' #'+a[3]+'\napplied '+sec(a[5])+'; lease '+a[4]+'ms counted down on n'+a[1]+"'s own clock";
if(a[6]>=0)s+='\ncountdown reached zero at '+sec(a[6])+' (true time): expired here, held until a committed Expire';
return s+'\nended '+sec(a[7])+': '+W[a[8]];}
if(a[0]===-2)return W[a[1]]+' (request #'+a[6]+')\ncalled '+sec(a[2])+', '+(a[5]?'open: no final answer by '+sec(a[3])+(W[a[4]]?' ('+W[a[4]]+'; it may still take effect)':''):'answered '+sec(a[3])+' after '+(a[3]-a[2])+'ms: '+W[a[4]]);
if(a[0]===-3)return W[a[1]]+' believes it holds '+W[a[2]]+' #'+a[3]+'\nfrom '+sec(a[4])+' (the grant reached it) to '+sec(a[5])+': '+W[a[6]];
const t=a[2]+(a[3]||0);let s=W[a[1]]+'  '+W[a[0]]+'\nsent '+sec(a[2])+'\n'+(a[6]?a[6]+' at '+sec(t):'delivered '+sec(t)+' (latency '+(a[3]||0)+'ms)');
if(a[7])s+='\nheld '+a[7]+'ms on the wire by a delay rule';
if(a[4]){const n=a[4];if(a[5])s+='\nterm '+n[0]+'  after index '+n[1]+' (log term '+n[2]+')  commit '+n[3]+'  entries '+n[4]+(n[4]?' ('+(n[1]+1)+(n[4]>1?'..'+(n[1]+n[4]):'')+')':'');
else s+='\nterm '+n[0]+'  index '+n[1]+'  log term '+n[2]+'  commit '+n[3]+'  entries '+n[4];}
if(a[8])s+='\n'+W[a[8]-1];return s;}
function show(g){box.textContent=fm(D[idx(g)]);box.classList.add('on');}
function pick(t){for(;t&&t.id!=='sd';t=t.parentNode)if(idx(t)>=0)return t;return null;}
const svg=document.getElementById('sd');
const hb=document.getElementById('hb');hb.addEventListener('change',()=>svg.classList.toggle('hb',hb.checked));
svg.addEventListener('mouseover',e=>{const g=pick(e.target);if(g&&!pinned)show(g);});
svg.addEventListener('mouseout',e=>{if(!pinned)box.classList.remove('on');});
svg.addEventListener('click',e=>{const g=pick(e.target);if(pinned)pinned.classList.remove('sel');
pinned=g;if(g){g.classList.add('sel');show(g);}else box.classList.remove('on');});
document.querySelectorAll('.nt .rv').forEach(b=>b.addEventListener('click',()=>{b.parentNode.classList.add('open');b.textContent='the answer:';}));
const gl=document.getElementById('gl');document.querySelectorAll('.gl').forEach(a=>a.addEventListener('click',()=>{gl.hidden=false;
gl.querySelectorAll('dt.on').forEach(d=>d.classList.remove('on'));const d=gl.querySelectorAll('dt')[+(a.dataset.t??-1)];gl.scrollTop=d?d.offsetTop-gl.querySelector('.gh').offsetHeight-8:0;if(d)d.classList.add('on');}));
document.getElementById('glx').addEventListener('click',()=>{gl.hidden=true;});document.addEventListener('keydown',e=>{if(e.key==='Escape')gl.hidden=true;else if(e.key==='Enter'&&e.target.classList.contains('gl'))e.target.click();});
const hide=document.getElementById('hide'),off=new Set();
document.querySelectorAll('#bar .lh').forEach(h=>h.addEventListener('click',()=>{const l=h.dataset.l;
if(off.has(l))off.delete(l);else off.add(l);h.classList.toggle('off',off.has(l));
hide.textContent=[...off].map(l=>'#sd [data-l="'+l+'"],#sd [data-f="'+l+'"],#sd [data-t="'+l+'"]{display:none}').join('\n');}));
const dia=document.getElementById('dia'),lhs=document.getElementById('lhs'),nar=document.getElementById('nar');
dia.addEventListener('scroll',()=>{lhs.scrollLeft=dia.scrollLeft;},{passive:true});lhs.addEventListener('scroll',()=>{dia.scrollLeft=lhs.scrollLeft;},{passive:true});
function narLay(){nar.classList.toggle('flow',nar.clientWidth<+nar.dataset.sw-0.5);let b=0;
for(const n of nar.children){const t=Math.max(+n.dataset.y,b);n.style.top=t+'px';b=t+n.offsetHeight+2;}nar.style.minHeight=b+'px';}
narLay();
function go(el){if(dia.contains(el)){const a=el.getBoundingClientRect(),c=dia.getBoundingClientRect();if(a.left<c.left||a.right>c.right)dia.scrollLeft+=a.left-c.left-c.width/3;}
const r=el.getBoundingClientRect();window.scrollTo({top:window.scrollY+r.top-window.innerHeight/3,left:0});
el.classList.remove('flash');void el.getBoundingClientRect();el.classList.add('flash');}
document.querySelectorAll('li.jump').forEach(li=>li.addEventListener('click',()=>go(document.getElementById(li.dataset.j))));
const q=document.getElementById('q'),qn=document.getElementById('qn');let hits=[],hi=-1;
function search(){document.querySelectorAll('.hit').forEach(e=>e.classList.remove('hit'));hits=[];hi=-1;const v=q.value.trim().toLowerCase();
if(!v){qn.textContent='';return;}
const test=e=>{if(fm(D[idx(e)]).toLowerCase().includes(v)){e.classList.add('hit');hits.push(e);}};
document.querySelectorAll('#sd [data-i]:not(.tl)').forEach(test);document.querySelectorAll('#sd [data-i0]').forEach(g=>{for(const c of g.children)test(c);});
document.querySelectorAll('#sd text.tl,.nt').forEach(e=>{if(e.textContent.toLowerCase().includes(v)){e.classList.add('hit');hits.push(e);}});
hits=hits.filter(e=>e.getClientRects().length);hits.sort((a,b)=>a.getBoundingClientRect().top-b.getBoundingClientRect().top);
qn.textContent=hits.length+' found'+(hits.length?' (enter: next)':'');}
q.addEventListener('input',search);q.addEventListener('keydown',e=>{if(e.key==='Enter'&&hits.length){hi=(hi+1)%hits.length;go(hits[hi]);qn.textContent=(hi+1)+' of '+hits.length;}});
const ov=document.getElementById('ov'),st=document.getElementById('stage');
function ovDraw(){const H=st.offsetHeight,top=st.getBoundingClientRect().top+window.scrollY,vh=window.innerHeight;let h='';
for(const [y,c] of J.o)h+='<i style="top:'+(y/H*100).toFixed(2)+'%;background:'+c+'"></i>';
const a=(window.scrollY-top)/H,b=a+vh/H;h+='<div class="vp" style="top:'+(Math.max(a,0)*100).toFixed(2)+'%;height:'+(Math.max(Math.min(b,1)-Math.max(a,0),0.005)*100).toFixed(2)+'%"></div>';ov.innerHTML=h;}
ov.addEventListener('click',e=>{const H=st.offsetHeight,top=st.getBoundingClientRect().top+window.scrollY;window.scrollTo({top:top+e.clientY/window.innerHeight*H-window.innerHeight/2});});
window.addEventListener('scroll',ovDraw,{passive:true});window.addEventListener('resize',()=>{narLay();ovDraw();});ovDraw();
if(location.hash==='#violation'){const m=document.querySelector('#sd .jm');if(m)go(m);}`

// writePage writes the whole document.
func writePage(o *errWriter, p *Page) {
	d := &drawing{p: p, out: o, lanes: &p.Rec.Lanes, late: map[uint64]bool{}, keys: map[string]int{}, dictIdx: map[string]int{}}
	b := d.build()

	o.str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
	o.printf("<title>leaselab: %s</title><style>%s</style><style id=\"hide\"></style></head><body>\n", esc(p.Title), css)
	o.printf("<h1>%s</h1>\n", esc(p.Title))
	verdict := `<span class="pass">PASS</span>`
	if !p.Passed {
		verdict = `<span class="fail">FAIL</span>`
	}
	seen, every := p.Rec.RoutineSeen()
	o.printf("<p>%s %s · seed %d · simulated %s · %d lock messages, %d routine</p>\n",
		verdict, esc(p.Name), p.Seed, fmtSec(p.End.Seconds()), b.lock, seen)
	// Failed expects and violations: each line jumps to its instant.
	k := 0
	var fails, viols []string
	for _, j := range b.jumps {
		li := fmt.Sprintf(`<li class="jump" data-j="jm%d" title="show this instant">%s at %s</li>`, k, esc(j.text), fmtSec(j.at.Seconds()))
		k++
		if j.cls == "x" {
			fails = append(fails, li)
		} else {
			viols = append(viols, li)
		}
	}
	if len(fails) > 0 {
		o.str(`<ul class="fail" id="failures">` + strings.Join(fails, "") + "</ul>\n")
	}
	if len(p.Violations) == 0 {
		o.str(`<p id="violations">violations: none</p>` + "\n")
	} else {
		o.str(`<p id="violations" class="fail">violations (click one to see its instant):</p><ul class="fail" id="vlist">`)
		if len(viols) == 0 {
			for _, v := range p.Violations {
				viols = append(viols, "<li>"+esc(v.String())+"</li>")
			}
		}
		o.str(strings.Join(viols, "") + "</ul>\n")
		for _, v := range p.Violations {
			if v.Detail != "" { // non-linearizable: which operations cannot be ordered, and why
				o.printf(`<pre class="fail" id="why">%s</pre>`+"\n", esc(v.Detail))
			}
		}
	}
	o.str(`<p class="legend">` + legend + "</p>\n")
	note := "Time runs down the page, stretched where much happens and squeezed where nothing does (a grey break says how long): every row prints its true (simulated) time on the left, and an arrow's label keeps its latency. An arrow leaves its sender when sent and reaches its receiver when delivered. Beside a node's lane, the locks it holds on its own clock; beside a client's, its requests (call to answer) and what it believes it holds. Hover or click anything for its details."
	if every > 1 {
		note += fmt.Sprintf(" Heartbeats and other routine messages (hidden until the box is ticked) are thinned: one in %d of %d is drawn.", every, seen)
	}
	if !d.labelled {
		note += fmt.Sprintf(" With %d lock messages arrows carry no text: hover one for its label, or search.", b.lock)
	} else if b.dropped > 0 {
		note += fmt.Sprintf(" %d labels found no room at their instant and are not drawn: hover their arrows.", b.dropped)
	}
	if gs := p.Rec.Gaps(); len(gs) > 0 {
		note += fmt.Sprintf(" This run is long: its first %s is summarised (counts only); the newest %d detail rows are drawn in full, and every role change, fault, client change, write and violation is kept.",
			fmtDur(gs[0].To), diagram.DetailBudget/2)
	}
	o.printf(`<p class="note" id="note">%s</p>`+"\n", esc(note))

	w := d.sayX()
	// The narration column: its full width while it fits beside the whole diagram, else what
	// is left, but never under 60% of the row (then the diagram scrolls in its box).
	o.printf(`<style>.ncol{width:clamp(min(%.0fpx,60%%),calc(100%% - %.0fpx),%.0fpx)}#bar .lh{width:%.0fpx;margin-left:-%.0fpx}</style>`+"\n",
		d.sw, w, d.sw, d.lw-4, (d.lw-4)/2)
	o.str(`<div id="wrap"><div id="bar"><div class="ctl"><label><input type="checkbox" id="hb"> routine messages (heartbeats, and those lost)</label> · <input type="search" id="q" placeholder="search: key, c1, n3, MsgVote…"> <span id="qn"></span> · click a lane's name to hide it · <span class="gl" role="button" tabindex="0">glossary</span></div>`)
	o.printf(`<div class="row"><div class="dcol" id="lhs"><div id="lhi" style="width:%.0fpx"><span class="lt0" style="left:%dpx">leader</span>`, w, axisW+4)
	for i := 0; i < d.nLanes; i++ {
		name := "resource"
		if i < d.lanes.Len() {
			name = d.lanes.Name(i)
		}
		o.printf(`<span class="lh" data-l="%d" style="left:%.0fpx">%s</span>`, i, d.x(i), esc(name))
	}
	o.str(`</div></div><div class="ncol"><span class="nh">narration</span></div></div>`)
	o.str("</div>\n<div id=\"stage\" class=\"row\"><div class=\"dcol\" id=\"dia\">")
	o.printf(`<svg id="sd" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="space-time diagram">`+"\n",
		w, d.ax.end, w, d.ax.end)
	o.str(markers)
	d.draw(b)
	o.str("</svg></div>\n")
	d.narration(b)
	o.str("</div></div>\n<div id=\"ov\" title=\"the whole run: click to go there\"></div><div id=\"d\"></div>\n")
	writeGlossary(o)
	o.str("<script type=\"application/json\" id=\"data\">")
	bj, _ := json.Marshal(map[string]any{"d": d.details, "w": d.dict, "o": d.overview(b)})
	o.str(jsonForScript(string(bj)))
	o.printf("</script>\n<script>%s</script>\n</body></html>\n", js)
}

// narration writes the notes as HTML beside the lanes, in reading order, each at its instant's
// y (data-y: where the script puts it back after a reflow moved it down).
func (d *drawing) narration(b *built) {
	o := d.out
	o.printf(`<div class="ncol" id="nar" data-sw="%.0f">`, d.sw)
	for i := range b.notes {
		nb := &b.notes[i]
		at := fmtSec(nb.n.At.Seconds())
		switch nb.n.Kind {
		case scenarios.StepPause:
			o.printf(`<div class="nt pause" style="top:%.0[1]fpx" data-y="%.0[1]f" title="at %s">‖ pause: the lesson waits here for the student</div>`, nb.y, at)
		case scenarios.StepAsk:
			o.printf(`<div class="nt ask" style="top:%.0[1]fpx" data-y="%.0[1]f" title="at %s"><span class="q">%s</span>`, nb.y, at, noteHTML(nb.lines, nb.n.Text))
			for j, c := range nb.ch {
				o.printf("\n<span class=\"ch\">  %s</span>", strings.ReplaceAll(noteHTML(c, nb.n.Choices[j]), "\n", "\n     "))
			}
			// The right choice and its explanation are two blocks: a reflowed note keeps them apart.
			o.printf("\n<button class=\"rv\">show the answer</button>\n<span class=\"ans\">%s</span>", noteHTML(nb.ans[:nb.right], nb.rightRaw()))
			if nb.right < len(nb.ans) {
				o.printf("\n<span class=\"ans\">%s</span>", noteHTML(nb.ans[nb.right:], nb.n.Explain))
			}
			o.str("</div>")
		default:
			o.printf(`<div class="nt say" style="top:%.0[1]fpx" data-y="%.0[1]f" title="at %s">%s</div>`, nb.y, at, noteHTML(nb.lines, nb.n.Text))
		}
		o.str("\n")
	}
	o.str("</div>")
}

// overview is the strip at the right: [y, colour] for violations, failed expects, faults,
// leader changes, breaks and narration.
func (d *drawing) overview(b *built) [][2]any {
	var out [][2]any
	add := func(y float64, c string) { out = append(out, [2]any{int(y), c}) }
	for _, br := range d.ax.breaks {
		add(br.y, "#C0C0C0")
	}
	for _, nb := range b.notes {
		add(nb.y, "#B58AE0")
	}
	for _, s := range b.st.leads {
		add(d.ax.y(s.from), "#D7A000")
	}
	for _, i := range b.marks {
		if b.rows[i].M.Kind == diagram.MarkFault {
			add(d.ax.y(b.rows[i].At), "#5F87D7")
		}
	}
	for _, j := range b.jumps {
		add(d.ax.y(j.at), "#D70000")
	}
	return out
}

// jsonForScript keeps JSON inside a script element from closing it.
func jsonForScript(s string) string { return strings.ReplaceAll(s, "</", `<\/`) }

// legend explains colours and the symbols that repeat them (spaces between entries let it wrap).
var legend = `<span style="color:#005F00">━ MsgApp [Grant…]</span> <span style="color:#875F00">━ MsgApp [Expire…]</span> ` +
	`<span style="color:#AF0000;text-decoration:underline">━ late Expire (applied with nothing to delete)</span> ` +
	`<span style="color:#005F87">━ Release</span> <span style="color:#870087">━ votes</span> <span style="color:#0000AF">━ snapshot</span> ` +
	`<span style="color:#005FAF">━ client request</span> <span style="color:#007500">━ reply</span> ` +
	`<span style="color:#AF0000">╌✗ lost</span> <span style="color:#A8A8A8">━ heartbeat/routine (box above)</span> ` +
	`<span style="color:#8A6100">` + cluster.RoleLeader.Glyph() + ` leader</span> <span style="color:#005F87">` + cluster.RoleFollower.Glyph() +
	` follower</span> <span style="color:#870087">` + cluster.RoleCandidate.Glyph() + ` candidate</span> ` +
	`<span style="color:#AF0000">✖ crash (lane dotted red while down)</span> <span>↺ restart</span> <span>⊘ isolated ⊕ rejoins (lane dashed blue)</span> ` +
	`<span style="color:#8A6100"><b style="color:#F5D77A">█</b> leader strip (node, term); lane thick while leader</span> ` +
	`<span>✓ applied</span> <span style="color:#875F00">◷ countdown at zero</span> <span>⊢ commit index moved (hover)</span> ` +
	`<span><b style="color:#008700">▮</b><b style="color:#FFAF5F">▮</b> lock held (countdown running, then at zero), key at its top</span> ` +
	`<span style="color:#AF0000">┆ entry appended, later overwritten</span> ` +
	`<span><b style="color:#5FAF5F">┃</b><b style="color:#D75F5F">┃</b><b style="color:#FFAF00">┆</b> client call to answer: ok, refused, open</span> ` +
	`<span style="color:#5F87D7">▮ client believes it holds (its own clock)</span> ` +
	`<span><b style="color:#007500">✓</b>/<b style="color:#AF0000">✗</b> fenced write at the resource (max: highest token seen)</span> ` +
	`<span><b style="color:#D0DCEC">█</b> partition</span> <span><b style="color:#FFEFC0">█</b> clock skewed</span> <span style="color:#6C6C6C">⋯ squeezed idle time</span>`

// markers are the arrowheads, one per colour class.
var markers = func() string {
	cols := [][2]string{{"g", "#005F00"}, {"e", "#875F00"}, {"l", "#AF0000"}, {"r", "#005F87"}, {"v", "#870087"},
		{"q", "#005FAF"}, {"p", "#007500"}, {"pn", "#6C6C6C"}, {"a", "#4E4E4E"}, {"s", "#0000AF"}, {"h", "#D0D0D0"}, {"w", "#007500"}}
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
	`g.a>path{marker-end:url(#a-a)}g.s>path{marker-end:url(#a-s)}g.h>path{marker-end:url(#a-h)}.wr.ok{marker-end:url(#a-w)}`
