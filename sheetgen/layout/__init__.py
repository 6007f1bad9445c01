"""Pure layout in pt: text fitting, counter sheets and hex maps as draw primitives."""
