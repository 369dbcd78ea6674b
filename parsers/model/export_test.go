package model

// MayRefer exposes the uses Refs resolves, for the tests that bound them.
var MayRefer = (*Project).mayRefer
