package rest

import (
	"context"
	"net/url"
	"strings"
)

// Setting returns the value of key in the JobManager's configuration, and
// whether it is set there.
func (c *Client) Setting(ctx context.Context, key string) (string, bool, error) {
	var entries []struct{ Key, Value string }
	if err := c.get(ctx, "/jobmanager/config", nil, &entries); err != nil {
		return "", false, err
	}
	for _, e := range entries {
		if e.Key == key {
			return e.Value, true, nil
		}
	}
	return "", false, nil
}

// JobSummary is one job of the cluster's overview.
type JobSummary struct {
	ID    string `json:"jid"`
	Name  string `json:"name"`
	State string `json:"state"`
	Start int64  `json:"start-time"`
}

// Jobs returns the cluster's jobs, running or not.
func (c *Client) Jobs(ctx context.Context) ([]JobSummary, error) {
	var v struct{ Jobs []JobSummary }
	err := c.get(ctx, "/jobs/overview", nil, &v)
	return v.Jobs, err
}

// Job is a job's details.
type Job struct {
	ID    string `json:"jid"`
	Name  string `json:"name"`
	State string `json:"state"`
	// Now is the JobManager's clock when it answered, in epoch ms.
	Now      int64 `json:"now"`
	Vertices []JobVertex
}

// JobVertex is one vertex of a job: a chain of operators.
type JobVertex struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Parallelism int    `json:"parallelism"`
	Status      string `json:"status"`
}

// Job returns the job with id.
func (c *Client) Job(ctx context.Context, id string) (Job, error) {
	var j Job
	err := c.get(ctx, "/jobs/"+id, nil, &j)
	return j, err
}

// PlanNode is one vertex of a job's plan, with the vertices feeding it.
type PlanNode struct {
	ID     string `json:"id"`
	Inputs []struct {
		ID string `json:"id"`
	} `json:"inputs"`
}

// Plan returns the vertices of a job's plan.
func (c *Client) Plan(ctx context.Context, id string) ([]PlanNode, error) {
	var v struct{ Plan struct{ Nodes []PlanNode } }
	err := c.get(ctx, "/jobs/"+id+"/plan", nil, &v)
	return v.Plan.Nodes, err
}

// Metric is one metric of a vertex: "0.idleTimeMsPerSecond", its value.
type Metric struct {
	ID    string `json:"id"`
	Value string `json:"value"`
}

// Watermarks returns the currentInputWatermark of each subtask of a vertex.
func (c *Client) Watermarks(ctx context.Context, job, vertex string) ([]Metric, error) {
	var ms []Metric
	err := c.get(ctx, "/jobs/"+job+"/vertices/"+vertex+"/watermarks", nil, &ms)
	return ms, err
}

// MetricIDs returns the ids of the metrics a vertex has: "<subtask>.name"
// for the task's, "<subtask>.<operator>.name" for an operator's.
func (c *Client) MetricIDs(ctx context.Context, job, vertex string) ([]string, error) {
	var ms []Metric
	err := c.get(ctx, "/jobs/"+job+"/vertices/"+vertex+"/metrics", nil, &ms)
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
	}
	return ids, err
}

// maxQuery keeps each request's URL short enough for proxies: a vertex of
// hundreds of subtasks is read in several requests.
const maxQuery = 3000

// Metrics returns the values of the metrics ids of a vertex; a metric the
// vertex no longer has is left out.
func (c *Client) Metrics(ctx context.Context, job, vertex string, ids []string) ([]Metric, error) {
	var all []Metric
	for len(ids) > 0 {
		n, size := 0, 0
		for n < len(ids) && (n == 0 || size+len(url.QueryEscape(ids[n]))+1 <= maxQuery) {
			size += len(url.QueryEscape(ids[n])) + 1
			n++
		}
		var ms []Metric
		q := url.Values{"get": {strings.Join(ids[:n], ",")}}
		if err := c.get(ctx, "/jobs/"+job+"/vertices/"+vertex+"/metrics", q, &ms); err != nil {
			return nil, err
		}
		all = append(all, ms...)
		ids = ids[n:]
	}
	return all, nil
}
