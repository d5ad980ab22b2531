package ui

import (
	"math"
	"strconv"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// Every action key becomes one scenario step performed through Playback.Do: it is recorded,
// replayed on rewind, and saved with the session. Nothing here touches the world directly.

func (m *Model) onActionKey(msg tea.KeyMsg) {
	k := &m.keys
	id := m.node
	n := m.nodeView(id)
	if n == nil {
		return
	}
	node := func(kind scenarios.StepKind) scenarios.Step { return scenarios.Step{Kind: kind, Node: id} }
	switch {
	case key.Matches(msg, k.Isolate):
		if n.Isolated {
			m.act(node(scenarios.StepRejoin))
		} else {
			m.act(node(scenarios.StepIsolate))
		}
	case key.Matches(msg, k.Crash):
		if n.Up {
			m.act(node(scenarios.StepCrash))
		} else {
			m.act(node(scenarios.StepRestart))
		}
	case key.Matches(msg, k.RateUp, k.RateDown):
		d := 0.1
		if key.Matches(msg, k.RateDown) {
			d = -0.1
		}
		r := math.Round((n.Rate+d)*100) / 100
		if r < 0.1 || r > 5 {
			m.fail("clock rate stays between 0.1 and 5")
			return
		}
		st := node(scenarios.StepSkewRate)
		st.Rate = r
		m.act(st)
	case key.Matches(msg, k.OffsetUp, k.OffsetDown):
		st := node(scenarios.StepSkewOffset)
		st.Dur = 500 * time.Millisecond
		if key.Matches(msg, k.OffsetDown) {
			st.Dur = -st.Dur
		}
		m.act(st)
	case key.Matches(msg, k.ClockReset):
		m.act(node(scenarios.StepSkewReset))
	case key.Matches(msg, k.Campaign):
		m.act(node(scenarios.StepCampaign))
	case key.Matches(msg, k.Transfer):
		m.act(node(scenarios.StepTransfer))
	case key.Matches(msg, k.Snapshot):
		m.act(node(scenarios.StepSnapshot))
	case key.Matches(msg, k.AddNode):
		if len(m.v.Nodes) >= cluster.MaxNodes {
			m.fail("a cluster has at most n%d", cluster.MaxNodes)
			return
		}
		m.act(scenarios.Step{Kind: scenarios.StepAddNode, Node: len(m.v.Nodes) + 1})
	case key.Matches(msg, k.RemoveNode):
		m.act(node(scenarios.StepRemoveNode))
	case key.Matches(msg, k.Heal):
		m.act(scenarios.Step{Kind: scenarios.StepHeal})
	case key.Matches(msg, k.Partition):
		m.act(scenarios.Step{Kind: scenarios.StepPartition, Groups: m.minorityPartition()})
	case key.Matches(msg, k.SlowLinks):
		m.slowLinks(id)
	case key.Matches(msg, k.DropAll):
		next := dropSteps[0]
		for i, p := range dropSteps {
			if p == m.v.Net.DropAll {
				next = dropSteps[(i+1)%len(dropSteps)]
			}
		}
		m.act(scenarios.Step{Kind: scenarios.StepDrop, All: true, Percent: next})
	default:
		m.onClientKey(msg)
	}
}

func (m *Model) onClientKey(msg tea.KeyMsg) {
	k := &m.keys
	c := m.client
	step := func(kind scenarios.StepKind) scenarios.Step { return scenarios.Step{Kind: kind, Client: c} }
	switch {
	case key.Matches(msg, k.Acquire):
		st := step(scenarios.StepAcquire)
		st.Key, st.Dur = m.curKey(), m.curLease()
		m.act(st)
	case key.Matches(msg, k.Release):
		st := step(scenarios.StepRelease)
		st.Key = m.curKey()
		m.act(st)
	case key.Matches(msg, k.Write):
		st := step(scenarios.StepWrite)
		st.Key = m.curKey()
		m.act(st)
	case key.Matches(msg, k.Disconnect):
		if cv := m.clientView(c); cv != nil && !cv.Connected {
			m.act(step(scenarios.StepReconnect))
		} else {
			m.act(step(scenarios.StepDisconnect))
		}
	case key.Matches(msg, k.GCPause):
		st := step(scenarios.StepClientPause)
		st.Dur = 5 * time.Second
		m.act(st)
	}
}

// minorityPartition is the preset: the leader and one follower | everyone else (the leader
// ends up in the minority). Without a leader the selected node plays its part.
func (m *Model) minorityPartition() [][]int {
	a := m.v.Leader
	if a == 0 {
		a = m.node
	}
	b := a%len(m.v.Nodes) + 1
	var rest []int
	for id := 1; id <= len(m.v.Nodes); id++ {
		if id != a && id != b {
			rest = append(rest, id)
		}
	}
	return [][]int{{min(a, b), max(a, b)}, rest}
}

// slowLinks delays every link of node id by 600ms (the late-expire setup), one step per link.
func (m *Model) slowLinks(id int) {
	slowed := 0
	for _, d := range m.v.Net.Delays {
		if (d.A == id || d.B == id) && d.Delay == 600*time.Millisecond {
			slowed++
		}
	}
	if slowed == len(m.v.Nodes)-1 {
		m.say("n%d's links are already 600ms slower: S again changes nothing (h heals)", id)
		return
	}
	for o := 1; o <= len(m.v.Nodes); o++ {
		if o != id {
			if !m.act(scenarios.Step{Kind: scenarios.StepDelay, Node: id, Node2: o, Dur: 600 * time.Millisecond}) {
				return
			}
		}
	}
	m.say("every link of n%d is 600ms slower each way (h heals)", id)
}

// act performs a step as the user; it reports whether the world accepted it (a refused step
// is not recorded, and the status line gives the world's reason).
func (m *Model) act(st scenarios.Step) bool {
	_, wasForked := m.sim.forked()
	dropped, err := m.sim.do(st)
	m.refresh()
	if err != nil {
		m.fail("%s: %v", scenarios.FormatStep(st), err)
		return false
	}
	text := "at " + simTime(m.sim.now()) + ": " + scenarios.FormatStep(st)
	if dropped > 0 {
		text += " · history forked: " + strconv.Itoa(dropped) + " later action(s) dropped"
	}
	if _, forked := m.sim.forked(); forked && !wasForked {
		text = scenarios.FormatStep(st) + " changed the story: the lesson's checks are off from here; ← rewinds to undo"
	}
	m.say("%s", text)
	return true
}

// forkNote says that a user action changed a lesson's story: its checks no longer apply.
func forkNote(at time.Duration) string {
	return "you changed the story at " + simTime(at) + ": the lesson's checks are off from here (the narration still tells the script's story); ← rewinds to undo"
}

func (m *Model) clientView(name string) *cluster.ClientView {
	for i := range m.v.Clients {
		if m.v.Clients[i].Name == name {
			return &m.v.Clients[i]
		}
	}
	return nil
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
