<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="levels" tilewidth="64" tileheight="64" tilecount="4" columns="4">
 <image source="levels.png" width="256" height="64"/>
 <tile id="0">
  <properties>
   <property name="level" type="int" value="-1"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="level" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="level" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="level" type="int" value="2"/>
  </properties>
 </tile>
</tileset>
